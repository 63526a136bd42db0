package io.gpulab.engine.kamaji;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * kube-scheduler's {@code FitError.Error()}: {@code 0/<n> nodes are available: <count> <reason>, ....}, each node's
 * reasons counted separately and the "count reason" items sorted as strings. (kube-scheduler appends its preemption
 * verdict, {@code preemption: ...}; gpulab leaves it out, as it models no preemption.)
 */
public final class FitError {

    private FitError() {
    }

    /** From each failed node's reasons, joined with {@code ", "} when a node has several. */
    public static String of(int nodeCount, Map<String, String> failedNodes) {
        Map<String, Integer> histogram = new HashMap<>();
        failedNodes.values().forEach(r -> {
            for (String part : r.split(", ")) {
                histogram.merge(part, 1, Integer::sum);
            }
        });
        return ofHistogram(nodeCount, histogram);
    }

    /** From a histogram of reasons already counted per node. */
    public static String ofHistogram(int nodeCount, Map<String, Integer> histogram) {
        List<String> items = new ArrayList<>(histogram.size());
        histogram.forEach((reason, count) -> items.add(count + " " + reason));
        items.sort(null);
        return "0/" + nodeCount + " nodes are available: " + String.join(", ", items) + ".";
    }
}
