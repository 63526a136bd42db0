package io.gpulab.scheduler.bench;

import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.FilterResult;
import io.gpulab.scheduler.filter.HamiFilter;
import io.gpulab.scheduler.filter.NodeFit;
import io.gpulab.scheduler.filter.NodeFitter;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.usage.PodUsage;
import io.gpulab.scheduler.usage.UsageLedger;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * Schedules pods one after another on a fleet and books each allocation, choosing exactly the node and cards
 * {@link HamiFilter} would choose by a full scan, but visiting nodes best-score-first through a
 * {@link NodeIndex} that skips nodes whose free-capacity bounds cannot fit the request. Not thread-safe.
 */
public final class IndexedScheduler {

    private final NodeInfo[] nodes;
    private final String nodePolicy;
    private final NodeIndex index;
    private final int[] bounds = new int[NodeSummary.FIELDS];
    private int visited;
    /** Card type string -> bit; types beyond 62 share bit 63, which every pod accepts. */
    private final java.util.Map<String, Integer> typeBits = new java.util.HashMap<>();

    /** Indexes the fleet for one node policy ({@code binpack} or {@code spread}). */
    public IndexedScheduler(List<NodeInfo> fleet, String nodePolicy, long seed) {
        this.nodes = fleet.toArray(new NodeInfo[0]);
        this.nodePolicy = nodePolicy;
        Integer[] byName = IntStream.range(0, nodes.length).boxed().toArray(Integer[]::new);
        Arrays.sort(byName, Comparator.comparing(i -> nodes[i].name()));
        int[] rank = new int[nodes.length];
        for (int r = 0; r < byName.length; r++) {
            rank[byName[r]] = r;
        }
        this.index = new NodeIndex(nodes.length, rank, new Random(seed));
        for (int i = 0; i < nodes.length; i++) {
            insert(i);
        }
    }

    /** Places one pod and books its share on the chosen node. */
    public Decision schedule(FilterContext ctx) {
        if (!ctx.requestsAnyDevice()) {
            return Decision.NONE;
        }
        if (!isSpread(ctx.nodePolicy()) != !isSpread(nodePolicy)) {
            return fullScan(ctx);
        }
        NodeFit[] found = new NodeFit[1];
        int i = index.first(ctx.requests(), acceptedTypes(ctx), n -> {
            visited++;
            NodeFit f = NodeFitter.fit(ctx, nodes[n], null);
            found[0] = f;
            return f.fits();
        });
        if (i < 0) {
            return Decision.NONE;
        }
        book(i, ctx, found[0]);
        return new Decision(nodes[i].name(), found[0].devices());
    }

    /** The fleet with everything booked so far. */
    public List<NodeInfo> nodes() {
        return List.of(nodes);
    }

    /** How many nodes the real Fit ran on so far (the rest were skipped by the index). */
    public int visitedNodes() {
        return visited;
    }

    private Decision fullScan(FilterContext ctx) {
        FilterResult r = HamiFilter.filter(ctx, List.of(nodes), null);
        if (r.node() == null) {
            return Decision.NONE;
        }
        for (int i = 0; i < nodes.length; i++) {
            if (nodes[i].name().equals(r.node())) {
                book(i, ctx, new NodeFit(true, "", r.devices(), 0f));
            }
        }
        return new Decision(r.node(), r.devices());
    }

    private void book(int i, FilterContext ctx, NodeFit fit) {
        index.remove(i);
        nodes[i] = UsageLedger.apply(nodes[i], PodUsage.collapse(fit.devices(), ctx.initCount()));
        insert(i);
    }

    private void insert(int i) {
        float score = io.gpulab.scheduler.filter.NodeScoring.score(nodes[i].devices());
        NodeSummary.of(nodes[i], bounds);
        long types = 0;
        for (var d : nodes[i].devices()) {
            types |= 1L << typeBits.computeIfAbsent(d.info().type(), t -> Math.min(63, typeBits.size()));
        }
        index.insert(i, isSpread(nodePolicy) ? score : -score, bounds, types);
    }

    /** The type bits whose cards pass the pod's type selectors (all bits when it has none). */
    private long acceptedTypes(FilterContext ctx) {
        if (!ctx.hasTypeSelector()) {
            return -1L;
        }
        long mask = 1L << 63;
        for (var e : typeBits.entrySet()) {
            if (ctx.typeAllowed(e.getKey())) {
                mask |= 1L << e.getValue();
            }
        }
        return mask;
    }

    private static boolean isSpread(String policy) {
        return "spread".equals(policy);
    }
}
