#!/bin/sh
# Writes gpulab.jsa next to this script: a class-data-sharing archive of the classes gpulab loads
# while it starts and shows the workbench, which the launcher then maps instead of loading, parsing
# and verifying those classes again (see launcher.txt's --java-options). The JVM accepts the archive
# only at the path it was made for, so the package's postinst runs this after installing, and
# bench-startup.sh runs it on the app-image. Without the archive gpulab just starts slower.
#
# The training run is the real start path (Launcher -> gui command -> WorkbenchApp -> first frame,
# ended by the start-up probe), on JavaFX's off-screen Monocle toolkit because an installer has no
# display. Only the few classes of the on-screen toolkit (GTK glass, OpenGL probe) stay outside.
set -e
app="$(cd "$(dirname "$0")" && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
rm -f "$app/gpulab.jsa"
# the same JVM flags as the launcher (the archive is refused when they differ); a scratch HOME so that
# nothing is left in the installing user's home; a time limit so that an install can never hang here
HOME="$scratch" XDG_CACHE_HOME="$scratch/cache" GPULAB_STARTUP_PROBE="$scratch/shown" \
  timeout 180 "$app/../runtime/bin/java" -XX:ArchiveClassesAtExit="$app/gpulab.jsa" \
  -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xlog:cds=off -Xlog:cds+dynamic=off \
  -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dprism.order=sw -Dheadless.geometry=1920x1200-32 \
  -cp "$app/gpulab-app-all.jar" io.gpulab.app.Launcher >"$scratch/out" 2>&1 || true
if [ ! -s "$scratch/shown" ]; then
  # the workbench never showed: an archive of that run would not cover the start path
  rm -f "$app/gpulab.jsa"
  tail -n 20 "$scratch/out" >&2
  echo "gpulab-cds: the training run did not show the workbench; no archive written" >&2
  exit 1
fi
