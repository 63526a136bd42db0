#!/usr/bin/env bash
# Start-up benchmark of the installed application: time from starting the launcher until the
# workbench's first window is shown and rendered (Launcher's StartupProbe writes that moment and
# exits), plus the time of a headless `gpulab run article --json`. Runs on an X display, or starts
# its own Xvfb when there is none (apt-get install xvfb libgtk-3-0).
# CPU time (user+sys of the launcher's process until then) is printed too: on a shared, busy
# machine the wall time mostly measures the wait for a core, the CPU time does not.
# Usage: installers/bench-startup.sh [LAUNCHER] [RUNS]   (default: the app-image, 5 runs)
# BENCH_MAX_LOAD=1.5 first waits (up to 10 min) until the 1-minute load average is below 1.5.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
launcher="${1:-$(ls "$HERE"/target*/jpackage/app-image/gpulab/bin/gpulab 2>/dev/null | head -n 1)}"
runs="${2:-5}"
[ -n "$launcher" ] && [ -x "$launcher" ] \
  || { echo "bench-startup: no launcher; build with ./mvnw -Pinstallers -DskipTests package" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/gpulab-bench.XXXXXX")"
xvfb=""
cleanup() {
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
  [ -f "${app_dir:-/nonexistent}/gpulab.jsa.bench-off" ] && mv "$app_dir/gpulab.jsa.bench-off" "$app_dir/gpulab.jsa"
  rm -rf "$work"
}
trap cleanup EXIT

if [ -z "${DISPLAY:-}" ]; then
  command -v Xvfb >/dev/null \
    || { echo "bench-startup: no DISPLAY and no Xvfb (apt-get install xvfb libgtk-3-0)" >&2; exit 1; }
  # started once, outside the timings: a user's desktop is already running too
  Xvfb :97 -screen 0 1920x1200x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  export DISPLAY=:97
  for _ in $(seq 50); do [ -e /tmp/.X11-unix/X97 ] && break; sleep 0.1; done
fi

# as after installing the .deb, whose postinst writes the class-data-sharing archive
# (BENCH_NO_CDS=1 measures without it)
app_dir="$(cd "$(dirname "$launcher")/../lib/app" && pwd)"
if [ "${BENCH_NO_CDS:-}" = 1 ]; then
  [ -f "$app_dir/gpulab.jsa" ] && mv "$app_dir/gpulab.jsa" "$app_dir/gpulab.jsa.bench-off"
elif [ -f "$app_dir/gpulab-cds.sh" ] && [ ! -f "$app_dir/gpulab.jsa" ]; then
  sh "$app_dir/gpulab-cds.sh"
fi

if [ -n "${BENCH_MAX_LOAD:-}" ]; then
  for _ in $(seq 120); do
    awk -v max="$BENCH_MAX_LOAD" '{exit !($1 < max)}' /proc/loadavg && break
    sleep 5
  done
fi
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"

now_ms() { date +%s%3N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'; }

# one untimed start: the first start after installing warms the OS file cache like any later one
GPULAB_STARTUP_PROBE="$work/warm" "$launcher" >/dev/null 2>&1 || true
: >"$work/window"; : >"$work/window-cpu"; : >"$work/run"; : >"$work/run-cpu"
TIMEFORMAT='%U %S'
cpu_ms() { awk '{printf "%d\n", ($1 + $2) * 1000}'; }
for i in $(seq "$runs"); do
  t0=$(now_ms)
  { time GPULAB_STARTUP_PROBE="$work/probe" "$launcher" >/dev/null 2>"$work/err"; } 2>"$work/cpu" \
    || { cat "$work/err" >&2; exit 1; }
  read -r shown _ <"$work/probe"
  echo $((shown - t0)) >>"$work/window"
  cpu_ms <"$work/cpu" >>"$work/window-cpu"
done
for i in $(seq "$runs"); do
  t0=$(now_ms)
  { time "$launcher" run article --json >/dev/null; } 2>"$work/cpu"
  echo $(($(now_ms) - t0)) >>"$work/run"
  cpu_ms <"$work/cpu" >>"$work/run-cpu"
done
report() {
  echo "$1 (ms): median $(median <"$work/$2")  best $(sort -n "$work/$2" | head -n 1)  runs: $(tr '\n' ' ' <"$work/$2")"
}
report "first window, wall" window
report "first window, CPU " window-cpu
report "run article, wall " run
report "run article, CPU  " run-cpu
echo "load average before: $load_before, at the end: $(cut -d' ' -f1-3 /proc/loadavg), on $(nproc) cores"
