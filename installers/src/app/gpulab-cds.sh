#!/bin/sh
# Writes gpulab.jsa next to this script: a class-data-sharing archive of the classes gpulab loads
# when it starts and renders the workbench, which the launcher maps instead of loading and
# verifying those classes again (see common.txt's --java-options). The JVM accepts the archive only
# at the path it was made for, so the package's postinst runs this after installing, and
# bench-startup.sh runs it on the app-image. Without the archive gpulab just starts slower.
set -e
app="$(cd "$(dirname "$0")" && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# the same JVM flags as the launcher: the archive is refused when they differ; a scratch HOME so
# that nothing is left in the installing user's home
HOME="$scratch" "$app/../runtime/bin/java" -XX:ArchiveClassesAtExit="$app/gpulab.jsa" \
  -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xlog:cds=off -Xlog:cds+dynamic=off \
  -cp "$app/gpulab-app-all.jar" io.gpulab.app.Launcher screenshot article --out "$scratch/warm-up.png" >/dev/null 2>&1
