package io.gpulab.scheduler.bench;

/**
 * Benchmark parameters.
 *
 * @param nodes        fleet size
 * @param cardsPerNode cards on every node
 * @param pods         pods to schedule
 * @param policy       {@code binpack} or {@code spread}, used as node and GPU policy
 * @param seed         random seed for fleet and pods
 * @param check        also run the full scan on every pod and count differing decisions (slow)
 */
public record BenchConfig(int nodes, int cardsPerNode, int pods, String policy, long seed, boolean check) {

    /** Largest fleet: a lab's worker limit. */
    public static final int MAX_NODES = 100_000;
    /** Most cards on one node: a lab worker's limit. */
    public static final int MAX_CARDS_PER_NODE = 64;
    /** Most cards in the fleet (nodes × cards per node). */
    public static final long MAX_CARDS = 1_000_000;
    /** Most pods scheduled in one run. */
    public static final int MAX_PODS = 1_000_000;

    public BenchConfig {
        if (nodes < 1 || cardsPerNode < 1 || pods < 0) {
            throw new IllegalArgumentException("nodes and cards-per-node must be >= 1 and pods >= 0");
        }
        if (nodes > MAX_NODES || cardsPerNode > MAX_CARDS_PER_NODE || pods > MAX_PODS
                || (long) nodes * cardsPerNode > MAX_CARDS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "at most --nodes %,d, "
                    + "--cards-per-node %d, %,d cards in all and --pods %,d; got %,d nodes x %,d cards, %,d pods",
                    MAX_NODES, MAX_CARDS_PER_NODE, MAX_CARDS, MAX_PODS, nodes, cardsPerNode, pods));
        }
        if (!policy.equals("binpack") && !policy.equals("spread")) {
            throw new IllegalArgumentException("policy must be binpack or spread, not " + policy);
        }
    }
}
