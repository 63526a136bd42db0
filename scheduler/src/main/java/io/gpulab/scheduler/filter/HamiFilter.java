package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodDevices;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import org.jspecify.annotations.Nullable;

/**
 * HAMi v2.10's {@code /filter} (HAMi v2.10 pkg/scheduler/score.go, scheduler.go, event.go) over an explicit list of nodes: fits the pod on
 * every node, records each failing node's reason, sorts fitting nodes by node policy and takes the last one.
 * Nodes without registered cards are {@code "node unregistered"}. Ties: see {@link NodeOrder}.
 */
public final class HamiFilter {

    private HamiFilter() {
    }

    /** Filters without quota. */
    public static FilterResult filter(PodInfo pod, List<NodeInfo> nodes, SchedulerConfig cfg) {
        return filter(pod, nodes, cfg, null);
    }

    /** Filters with the namespace quota view (section 6); {@code quota} may be null. */
    public static FilterResult filter(PodInfo pod, List<NodeInfo> nodes, SchedulerConfig cfg,
                                      @Nullable QuotaState quota) {
        Decoded<FilterContext> ctx = FilterContext.of(pod, cfg);
        if (!ctx.isOk()) {
            String msg = "calcScore failed " + ctx.error().message() + " for pod " + pod.name();
            return new FilterResult(new Status(Code.ERROR, List.of(msg), Status.HAMI), null, PodDevices.empty(),
                    Map.of(), List.of(), List.of(new HamiEvent(HamiEvent.FILTERING_FAILED, HamiEvent.WARNING, msg)));
        }
        return filter(ctx.value(), nodes, quota);
    }

    /** Filters with a prepared context (the bench and the engine reuse one per pod). */
    public static FilterResult filter(FilterContext ctx, List<NodeInfo> nodes, @Nullable QuotaState quota) {
        return filter(ctx, nodes, quota, (i, n) -> NodeFitter.fit(ctx, n, quota), Integer.MAX_VALUE);
    }

    /**
     * As {@link #filter(FilterContext, List, QuotaState)}, asking {@code fitter} for the fit of the node at each
     * index; it must answer what {@code NodeFitter.fit(ctx, node, quota)} would (the sim engine answers from a
     * cache for nodes unchanged since the last pod with the same request). The FilteringSucceed message is exact
     * for its first {@code messageKeep} characters (see {@link FilterEvents#succeeded(String, int, List, int)}).
     */
    public static FilterResult filter(FilterContext ctx, List<NodeInfo> nodes, @Nullable QuotaState quota,
                                      BiFunction<Integer, NodeInfo, NodeFit> fitter, int messageKeep) {
        if (!ctx.requestsAnyDevice()) {
            return new FilterResult(new Status(Code.SKIP, List.of(), Status.HAMI), null, PodDevices.empty(),
                    Map.of(), List.of(), List.of());
        }
        Map<String, String> failed = new TreeMap<>();
        List<NodeScore> fits = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            NodeInfo n = nodes.get(i);
            if (n.devices().isEmpty()) {
                failed.put(n.name(), Reasons.NODE_UNREGISTERED);
                continue;
            }
            NodeFit f = fitter.apply(i, n);
            if (f.fits()) {
                fits.add(new NodeScore(n.name(), f.score(), f.devices()));
            } else {
                failed.put(n.name(), f.reason());
            }
        }
        fits.sort(NodeOrder.of(ctx.nodePolicy())::compare);
        return assemble(failed, fits, nodes.size(), messageKeep);
    }

    /**
     * The result of a filter pass from its parts, so an incremental caller (the sim engine's index) builds exactly
     * the text and order this class does: {@code failed} sorted by node name, {@code sortedFits} in
     * {@link NodeOrder} (chosen node last), {@code totalNodes} the nodes considered.
     */
    public static FilterResult assemble(Map<String, String> failed, List<NodeScore> sortedFits, int totalNodes,
                                        int messageKeep) {
        if (sortedFits.isEmpty()) {
            List<HamiEvent> events = FilterEvents.failed(failed, totalNodes);
            List<String> reasons = new ArrayList<>(failed.values().stream().distinct().sorted().toList());
            return new FilterResult(new Status(Code.UNSCHEDULABLE, reasons, Status.HAMI), null, PodDevices.empty(),
                    failed, List.of(), events);
        }
        NodeScore chosen = sortedFits.get(sortedFits.size() - 1);
        HamiEvent ok = FilterEvents.succeeded(chosen.node(), totalNodes, sortedFits, messageKeep);
        return new FilterResult(Status.success(), chosen.node(), chosen.devices(), failed, sortedFits, List.of(ok));
    }
}
