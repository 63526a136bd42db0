package io.gpulab.engine.sim;

import io.gpulab.scheduler.filter.Code;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.FilterEvents;
import io.gpulab.scheduler.filter.HamiEvent;
import io.gpulab.scheduler.filter.HamiFilter;
import io.gpulab.scheduler.filter.NodeFit;
import io.gpulab.scheduler.filter.NodeFitter;
import io.gpulab.scheduler.filter.NodeOrder;
import io.gpulab.scheduler.filter.NodeScore;
import io.gpulab.scheduler.filter.Reasons;
import io.gpulab.scheduler.filter.ScoringWeights;
import io.gpulab.scheduler.filter.Status;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodDevices;

import org.jspecify.annotations.Nullable;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * HAMi's filter answer kept up to date per distinct request: for each request it holds every node's fit, the
 * failing nodes by name and the fitting nodes in node-policy order, and on a filter call re-fits only the nodes
 * changed since that request was last filtered (read from a change journal, not by scanning all nodes). A
 * pod on a 1,000-node lab then costs a few re-fits plus copying the answer, not 1,000 fits and a sort; the
 * answer is assembled by {@link HamiFilter#assemble} exactly as the plain filter does. One per tenant.
 */
final class FitIndex {

    /** Distinct requests remembered; the least recently used is dropped beyond this. */
    private static final int MAX_REQUESTS = 64;
    /** Past this many journal entries the journal restarts and every request re-fits all nodes once. */
    private static final int MAX_JOURNAL = 1 << 16;

    /** What the answer depends on besides the nodes: the request and policies, never the pod's name. */
    record Key(List<ContainerDeviceRequest> requests, int initCount, String gpuPolicy, String nodePolicy,
                       boolean numaBind, ScoringWeights weights, Map<String, String> annotations, boolean mutex) {

        static Key of(FilterContext c) {
            return new Key(c.requests(), c.initCount(), c.gpuPolicy(), c.nodePolicy(), c.numaBind(), c.weights(),
                    c.annotations(), c.mutex());
        }
    }

    /** One request's answer over all nodes; read it only right after {@link #entry} returned it. */
    static final class Entry {
        final long[] versions;
        /** The node's place in {@link #fitting}, or null when it is in {@link #failed}. */
        final NodeScore[] scores;
        /** The node's HAMi reason by node index, or null when it fits. */
        final String[] reasons;
        final TreeMap<String, String> failed = new TreeMap<>();
        final TreeSet<NodeScore> fitting;
        long epoch = -1;
        int seen;
        /** Each node's shape and card ids at its last fit ({@link FitShapes}); a null shape was fitted plainly. */
        final Object[] shapeAt;
        final Object[] idsAt;
        /** One fit per (interned) shape met, with the card ids of the node it was made on, to hand on to nodes of that shape. */
        final Map<Object, Fitted> byShape = new java.util.IdentityHashMap<>();
        /**
         * The FilteringSucceed list of fits ({@link FilterEvents#listFits}) for {@link #listedKeep} characters, or
         * null: kept while the first fits, those it lists, stay as they are. Under binpack the list starts with the
         * least used nodes, which a placement rarely touches, so most pods reuse it instead of formatting ~70 scores.
         */
        @Nullable String listed;
        int listedKeep;
        /** The last fit {@link #listed} names, or null when it names them all. */
        @Nullable NodeScore lastListed;
        /**
         * The last FilteringSucceed event, for {@link #saidNode} among {@link #saidFits} of {@link #saidTotal}
         * nodes with the list {@link #saidListed}: binpack places pod after pod on one node, and each such pod gets
         * the same text, one instance (a run keeps every pod's events; 1 kB each on a large lab).
         */
        @Nullable List<HamiEvent> said;
        @Nullable String saidNode;
        @Nullable String saidListed;
        int saidTotal;
        int saidFits;

        Entry(int nodes, NodeOrder order) {
            versions = new long[nodes];
            scores = new NodeScore[nodes];
            reasons = new String[nodes];
            fitting = new TreeSet<>(order::compare);
            shapeAt = new Object[nodes];
            idsAt = new Object[nodes];
        }
    }

    /** A fit and the card ids of the node it was made on. */
    private record Fitted(NodeFit fit, List<String> ids) { }

    /** Shapes remembered per request at most; past it they are forgotten (and fitted again when met). */
    private static final int MAX_SHAPES_PER_REQUEST = 4096;

    private final Map<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
            return size() > MAX_REQUESTS;
        }
    };
    /** One instance per reason text, so the many nodes with the same text compare by identity downstream. */
    private final Map<String, String> texts = new java.util.HashMap<>();
    private int[] journal = new int[256];
    private int journalSize;
    private long epoch;
    private final FitShapes shapes = new FitShapes();

    /** Records that node {@code index} changed (its version moved on). */
    void nodeChanged(int index) {
        if (journalSize == MAX_JOURNAL) {
            epoch++;
            journalSize = 0;
        }
        if (journalSize == journal.length) {
            journal = Arrays.copyOf(journal, journal.length * 2);
        }
        journal[journalSize++] = index;
    }

    /**
     * What {@code HamiFilter.filter(ctx, infos, null, ..., messageKeep)} answers; {@code infos.get(i)} is the
     * current info of {@code nodes.get(i)}.
     */
    FilterAnswer filter(FilterContext ctx, List<SimNode> nodes, List<NodeInfo> infos, int messageKeep) {
        if (!ctx.requestsAnyDevice()) {
            return FilterAnswer.of(HamiFilter.filter(ctx, infos, null));
        }
        Entry e = entry(ctx, nodes, infos);
        if (e.fitting.isEmpty()) {
            // a view of the live failed set (the caller copies what it keeps); the events list node names only as far
            // as the log keeps them, not thousands of names per pod
            return new FilterAnswer(new Status(Code.UNSCHEDULABLE, List.of(), Status.HAMI), null, PodDevices.empty(),
                    java.util.Collections.unmodifiableSortedMap(e.failed),
                    FilterEvents.failed(e.failed, nodes.size(), messageKeep));
        }
        return FilterAnswer.success(e.failed, e.fitting, succeeded(e, nodes.size(), messageKeep));
    }

    /**
     * The request's answer over every node, brought up to date (a pod that requests a HAMi device only); valid until
     * the index is next asked.
     */
    Entry entry(FilterContext ctx, List<SimNode> nodes, List<NodeInfo> infos) {
        Key key = Key.of(ctx);
        Entry e = entries.get(key);
        if (e == null || e.versions.length != nodes.size()) {
            e = new Entry(nodes.size(), NodeOrder.of(ctx.nodePolicy()));
            entries.put(key, e);
        }
        if (e.epoch != epoch) {
            for (int i = 0; i < nodes.size(); i++) {
                refit(e, ctx, i, nodes.get(i), infos.get(i));
            }
            e.epoch = epoch;
        } else {
            for (int j = e.seen; j < journalSize; j++) {
                int i = journal[j];
                SimNode n = nodes.get(i);
                if (e.versions[i] != n.version()) {
                    refit(e, ctx, i, n, infos.get(i));
                }
            }
        }
        e.seen = journalSize;
        return e;
    }

    private static String listed(Entry e, int keep) {
        if (e.listed == null || e.listedKeep != keep) {
            StringBuilder sb = new StringBuilder(Math.min(keep, 1 << 16) + 32);
            int n = FilterEvents.listFits(sb, FilterAnswer.inOrder(e.fitting), keep);
            NodeScore last = null;
            if (n < e.fitting.size()) {
                java.util.Iterator<NodeScore> it = e.fitting.iterator();
                for (int k = 0; k < n; k++) {
                    last = it.next();
                }
            }
            e.listed = sb.toString();
            e.listedKeep = keep;
            e.lastListed = last;
        }
        return e.listed;
    }

    private static List<HamiEvent> succeeded(Entry e, int totalNodes, int keep) {
        String listed = listed(e, keep);
        String chosen = e.fitting.last().node();
        int fits = e.fitting.size();
        if (e.said == null || listed != e.saidListed || !chosen.equals(e.saidNode) || totalNodes != e.saidTotal
                || fits != e.saidFits) {
            e.said = FilterAnswer.succeeded(chosen, totalNodes, fits, listed);
            e.saidListed = listed;
            e.saidNode = chosen;
            e.saidTotal = totalNodes;
            e.saidFits = fits;
        }
        return e.said;
    }

    /** A fit joins or leaves {@code e.fitting}: the kept list of fits goes when the fit is among those it lists. */
    private static void touched(Entry e, NodeScore s) {
        if (e.listed != null && (e.lastListed == null || e.fitting.comparator().compare(s, e.lastListed) <= 0)) {
            e.listed = null;
        }
    }

    /** Moves node {@code i} to its current place, as the plain filter's loop would classify it. */
    private void refit(Entry e, FilterContext ctx, int i, SimNode node, NodeInfo info) {
        Object shape = shapes.shape(i, node, info);
        List<String> ids = shapes.ids(i);
        if (shape != null && shape == e.shapeAt[i] && ids == e.idsAt[i]) {
            // its cards are as they were at its last fit (kube's requests or a lock changed): the answer stands
            e.versions[i] = node.version();
            return;
        }
        NodeScore old = e.scores[i];
        if (old != null) {
            touched(e, old);
            e.fitting.remove(old);
            e.scores[i] = null;
        } else {
            e.failed.remove(info.name());
        }
        e.versions[i] = node.version();
        if (info.devices().isEmpty()) {
            e.failed.put(info.name(), Reasons.NODE_UNREGISTERED);
            e.reasons[i] = Reasons.NODE_UNREGISTERED;
            return;
        }
        NodeFit f = shape == null ? NodeFitter.fit(ctx, info, null) : fitByShape(e, ctx, shape, ids, info);
        e.shapeAt[i] = shape;
        e.idsAt[i] = ids;
        if (f.fits()) {
            NodeScore s = new NodeScore(info.name(), f.score(), f.devices());
            e.scores[i] = s;
            e.reasons[i] = null;
            touched(e, s);
            e.fitting.add(s);
        } else {
            if (texts.size() > 4096) {
                texts.clear();
            }
            String why = texts.computeIfAbsent(f.reason(), k -> k);
            e.failed.put(info.name(), why);
            e.reasons[i] = why;
        }
    }

    /** The fit of a node of this shape: handed on from another node of the shape when the pod names no card id. */
    private static NodeFit fitByShape(Entry e, FilterContext ctx, Object shape, List<String> ids, NodeInfo info) {
        boolean share = FitShapes.shareable(ctx);
        Fitted known = share ? e.byShape.get(shape) : null;
        NodeFit f = known == null ? null : FitShapes.move(known.fit(), known.ids(), ids);
        if (f == null) {
            f = NodeFitter.fit(ctx, info, null);
            if (share) {
                if (e.byShape.size() >= MAX_SHAPES_PER_REQUEST) {
                    e.byShape.clear();
                }
                e.byShape.put(shape, new Fitted(f, ids));
            }
        }
        return f;
    }
}
