package io.gpulab.engine.lab;

/**
 * The largest lab a spec may describe, checked when the spec is made (before a simulation allocates a
 * card, node or pod for it), whether it came from a scenario, a plan or an import. docs/scenario-format.md
 * ("Limits") lists the same values.
 */
public final class LabLimits {

    /** Cards on one worker: real nodes have 8 or 16; the bound keeps a typo like {@code count: 10000000} cheap. */
    public static final int MAX_CARDS_PER_WORKER = 64;
    /** Workers in a lab, over all tenants (the openb replay has 1,213; the benchmarks up to 5,000). */
    public static final int MAX_WORKERS = 100_000;
    /** Pods a lab states up front (tenant and worker {@code pods}), over all tenants. */
    public static final int MAX_PODS = 1_000_000;

    private LabLimits() {
    }
}
