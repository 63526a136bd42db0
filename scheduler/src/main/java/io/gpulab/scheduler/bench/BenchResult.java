package io.gpulab.scheduler.bench;

/**
 * What {@code gpulab bench} reports.
 *
 * @param nodes         fleet size
 * @param cards         total cards
 * @param pods          pods submitted
 * @param scheduled     pods that found a node
 * @param podsPerSecond pods decided (and booked) per second of wall time
 * @param p50Micros     median per-pod decision time
 * @param p99Micros     99th percentile per-pod decision time
 * @param peakHeapMB    peak heap use during the run
 * @param mismatches    decisions that differ from the full scan; -1 when not checked
 * @param cpuPodsPerSecond pods per second of the scheduling thread's CPU time (what an unloaded core reaches;
 *                      on a busy shared machine wall time also counts waiting for a core)
 */
public record BenchResult(int nodes, int cards, int pods, int scheduled, double podsPerSecond, double p50Micros,
                          double p99Micros, double peakHeapMB, int mismatches, double cpuPodsPerSecond) {
}
