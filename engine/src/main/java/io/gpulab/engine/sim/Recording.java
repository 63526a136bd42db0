package io.gpulab.engine.sim;

/**
 * What a simulated lab records besides its state. Every decision (node, cards, locks, phases, pod reasons, bookings)
 * is the same in both; only what a reader of the lab reads differs.
 */
public enum Recording {
    /** Events, pod traces, kube's and HAMi's texts: everything the workbench, {@code run} and {@code trace} show. */
    FULL,
    /**
     * Only what a plan's figures read: placements, phases, pod reasons, card and host bookings. No events, no pod
     * trace steps, no FilteringSucceed / FilteringFailed texts and no per-pod failure texts (a pending pod's message
     * is left empty); a plan's replays, whose texts nobody reads, run in it.
     */
    FIGURES;

    /** Whether events, traces and texts are kept. */
    public boolean texts() {
        return this == FULL;
    }
}
