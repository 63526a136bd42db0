package io.gpulab.engine.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
        Map<String, Integer> histogram = new TreeMap<>();
        failedNodes.values().forEach(r -> {
            for (String part : splitReasons ? r.split(", ") : new String[] {r}) {
                histogram.merge(part, 1, Integer::sum);
            }
        });
        List<String> items = new ArrayList<>();
        histogram.forEach((reason, count) -> items.add(count + " " + reason));
        items.sort(null);
        return "0/" + nodeCount + " nodes are available: " + String.join(", ", items) + ".";
    }

    /** {@code FitError.Error()} from a histogram of reasons already counted per node. */
    static String unschedulable(int nodeCount, Map<String, Integer> histogram) {
        List<String> items = new ArrayList<>(histogram.size());
        histogram.forEach((reason, count) -> items.add(count + " " + reason));
        items.sort(null);
        return "0/" + nodeCount + " nodes are available: " + String.join(", ", items) + ".";
    }

    static String assigned(String podKey, String node) {
        return "Successfully assigned " + podKey + " to " + node;
    }
}
