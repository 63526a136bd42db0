package io.gpulab.engine.sim;

import java.util.Map;

/** kube-scheduler's texts. */
final class KubeMessages {

    private KubeMessages() {
    }

    /**
     * {@code FitError.Error()}: {@code 0/<n> nodes are available: <count> <reason>, ....}, where each node's
     * reasons are counted separately and the "count reason" strings are sorted as strings. For HAMi v2.10
     * the reason of a node is its whole FailedNodes text, hence e.g. {@code 1 1/1 CardInsufficientCore};
     * kube's own plugins give several reasons per node ({@code splitReasons}, joined with ", ").
     */
    static String unschedulable(int nodeCount, Map<String, String> failedNodes, boolean splitReasons) {
        if (splitReasons) {
            return io.gpulab.engine.kamaji.FitError.of(nodeCount, failedNodes);
        }
        Map<String, Integer> histogram = new java.util.HashMap<>();
        failedNodes.values().forEach(r -> histogram.merge(r, 1, Integer::sum));
        return unschedulable(nodeCount, histogram);
    }

    /** {@code FitError.Error()} from a histogram of reasons already counted per node. */
    static String unschedulable(int nodeCount, Map<String, Integer> histogram) {
        return io.gpulab.engine.kamaji.FitError.ofHistogram(nodeCount, histogram);
    }

    static String assigned(String podKey, String node) {
        return "Successfully assigned " + podKey + " to " + node;
    }
}
