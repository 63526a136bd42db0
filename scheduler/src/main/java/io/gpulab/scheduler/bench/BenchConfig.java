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

    public BenchConfig {
        if (nodes < 1 || cardsPerNode < 1 || pods < 0) {
            throw new IllegalArgumentException("nodes and cards-per-node must be >= 1 and pods >= 0");
        }
        if (!policy.equals("binpack") && !policy.equals("spread")) {
            throw new IllegalArgumentException("policy must be binpack or spread, not " + policy);
        }
    }
}
