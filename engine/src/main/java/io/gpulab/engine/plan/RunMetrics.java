package io.gpulab.engine.plan;

/**
 * The end state of one candidate's replay as percentages of its capacity: how full the cards are by
 * memory, compute and sharing slots, and how much is stranded (memory left on cards whose compute or
 * slots are exhausted, and compute left on cards whose memory or slots are exhausted).
 *
 * @param memoryPct          booked GPU memory / registered GPU memory
 * @param computePct         booked core units / registered core units
 * @param slotsPct           sharing slots in use / slots
 * @param strandedMemoryPct  free memory on cards with no compute or slot left, of all memory
 * @param strandedComputePct free compute on cards with no memory or slot left, of all compute
 * @param strandedMemMB      that memory in MB
 * @param strandedCores      that compute in core units (100 = one card's)
 */
public record RunMetrics(double memoryPct, double computePct, double slotsPct, double strandedMemoryPct,
                         double strandedComputePct, long strandedMemMB, long strandedCores) {
}
