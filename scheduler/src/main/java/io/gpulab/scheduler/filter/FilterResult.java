package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.PodDevices;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of one {@code /filter} call.
 *
 * @param status      SUCCESS (a node chosen), UNSCHEDULABLE (no node fits), SKIP (pod asks for no HAMi device:
 *                    HAMi passes every node through) or ERROR (bad annotation; message in reasons)
 * @param node        the chosen node, null unless SUCCESS
 * @param devices     the chosen cards per container (init first), empty unless SUCCESS
 * @param failedNodes node -> HAMi v2.10 FailedNodes text ({@code "1/1 CardInsufficientCore"}), sorted by node
 * @param nodeScores  fitting nodes in HAMi's sorted order (the chosen node is last)
 * @param events      the events HAMi would record, in order
 */
public record FilterResult(Status status, @Nullable String node, PodDevices devices, Map<String, String> failedNodes,
                           List<NodeScore> nodeScores, List<HamiEvent> events) {

    public FilterResult {
        failedNodes = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(failedNodes));
        nodeScores = List.copyOf(nodeScores);
        events = List.copyOf(events);
    }
}
