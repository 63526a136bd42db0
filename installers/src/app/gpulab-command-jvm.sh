# The JVM options each gpulab command gets on top of the launcher's own (C1 only, the serial collector, the
# class-data-sharing archive). Sourced by ./gpulab in the repository and by the installed Linux launcher
# (lib/app/gpulab-command-jvm.sh), so that both start every command the same way; docs/benchmarks.md has the
# measurements behind each choice. Windows and macOS use jpackage's own launchers, whose options cannot depend on
# the command (installers/README.md).
#
# gpulab_command_jvm COMMAND USER_OPTIONS: rewrites the array `opts` for COMMAND. USER_OPTIONS are the user's own
# JVM options (GPULAB_JAVA_OPTS), added after ours: a heap size or collector named there replaces ours.
gpulab_command_jvm() {
  local cmd="${1:-}" user=" ${2:-} " o mem_kb sized=false kept=()
  case "$user" in *" -Xm"* | *HeapSize* | *NewSize*) sized=true ;; esac
  case "$cmd" in
    # bench measures throughput: the JVM's default compilers and collector
    bench) gpulab_drop_jvm -XX:TieredStopAtLevel=1 -XX:+UseSerialGC ;;
    # an import reads dumps of up to 200 MB: C2's compiles pay for themselves many times over (the 100,000-pod
    # dump took 26-31 s CPU on C1 alone, 23 s with C2; docs/probes.md)
    import) gpulab_drop_jvm -XX:TieredStopAtLevel=1 ;;
  esac
  if [ -n "$cmd" ] && [ "$cmd" != gui ] && [ "$cmd" != bench ]; then
    # Transparent huge pages for the heap: a replay's young collections copy ~100 MB into fresh memory, and
    # faulting that in 4 kB pages cost a quarter of the openb replay's wall time here (docs/benchmarks.md).
    local thp=/sys/kernel/mm/transparent_hugepage/enabled
    if [ -r "$thp" ] && ! grep -q '\[never\]' "$thp"; then opts+=(-XX:+UseTransparentHugePages); fi
  fi
  if [ "$cmd" = run ]; then
    # A run keeps what it builds (pods, traces, events, step results) to the end, so an object alive at a young
    # collection stays alive: promoted at once, it is copied once instead of between survivor spaces first, and a
    # larger young generation collects less often. Those copies are most of a large run's collector time (~0.55 s
    # of 3 s on 5,000 nodes): the parallel collector makes them on both cores. Its adaptive sizing stays on:
    # without it the old generation never grows past its initial size, and from ~8,000 saturated workers (over
    # 448 MB kept) every collection became a full one that freed nothing (docs/benchmarks.md).
    opts+=(-XX:MaxTenuringThreshold=0 -XX:NewRatio=1)
    opts=("${opts[@]/-XX:+UseSerialGC/-XX:+UseParallelGC}")
    # An old generation that starts large enough for a 50,000-pod run's ~280 MB, with the young one at the size it
    # had: the heap no longer grows by full collections (two, ~0.5 s of a 5,000-node run's CPU). Reserved, not
    # touched: a small run's footprint is unchanged. Larger runs grow it as they need.
    $sized || opts+=(-Xms640m -Xmn192m)
  fi
  if [ "$cmd" = plan ]; then
    # A plan's replays make garbage fast on two threads, and every serial collection stops both: a large young
    # generation collects 11 times instead of 57 in an openb-8 replay (28 % of its CPU was the collector), openb-8
    # --orders 10 with the report took 42 s instead of 59-68 s, the same JSON (docs/benchmarks.md). It costs about
    # 300 MB more peak memory, so only where the JVM's default heap (a quarter of the memory) holds it. Not for
    # import: its one parser thread collects ~1 s of CPU either way, and the 100,000-pod dump gained no CPU with it
    # and took about 200 MB more memory (docs/benchmarks.md).
    if ! $sized; then
      mem_kb="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo 2>/dev/null || true)"
      if [ "${mem_kb:-0}" -ge 6000000 ] 2>/dev/null; then opts+=(-Xms1g -Xmn600m); fi
    fi
  fi
  # A collector named by the user replaces ours (the JVM refuses two), with our collector-only settings; each word
  # is tested on its own (-XX:+UseLargePages -XX:+DisableExplicitGC names no collector)
  for o in ${2:-}; do
    case "$o" in
      -XX:+Use*GC) gpulab_drop_jvm -XX:+UseSerialGC -XX:+UseParallelGC; break ;;
    esac
  done
}

# gpulab_drop_jvm OPTION...: removes these options from `opts`
gpulab_drop_jvm() {
  local k d keep kept=()
  for k in ${opts[@]+"${opts[@]}"}; do
    keep=true
    for d in "$@"; do [ "$k" = "$d" ] && keep=false; done
    $keep && kept+=("$k")
  done
  opts=(${kept[@]+"${kept[@]}"})
}
