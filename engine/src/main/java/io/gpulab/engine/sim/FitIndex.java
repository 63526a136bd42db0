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

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * HAMi's filter answer kept up to date per distinct request: for each request it holds every node's fit, the
 * failing nodes by name and the fitting nodes in node-policy order, and on a filter call re-fits only the nodes
 * changed since that request was last filtered (read from the tenant's {@link NodeJournal}, not by scanning all nodes). A
 * pod on a 1,000-node lab then costs a few re-fits plus copying the answer, not 1,000 fits and a sort; the
 * answer is assembled by {@link HamiFilter#assemble} exactly as the plain filter does. One per tenant.
 */
final class FitIndex {

    /** Distinct requests remembered; the least recently used is dropped beyond this. */
    private static final int MAX_REQUESTS = 64;

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
        /** One fit per (interned) shape met, with the card ids of the node it was made on, for nodes of that shape. */
        final Map<Object, Fitted> byShape = new java.util.IdentityHashMap<>();
        /**
         * The FilteringSucceed list of fits ({@link FilterEvents#listFits}) as the log keeps it, or null: kept while
         * the first fits, those it lists, stay as they are. Under binpack the list starts with the least used nodes,
         * which a placement rarely touches, so most pods reuse it instead of formatting ~70 scores.
         */
        @Nullable String listed;
        /** The last fit {@link #listed} names, or null when it names them all. */
        @Nullable NodeScore lastListed;
        /**
         * The last FilteringSucceed event: binpack places pod after pod on one node, and each such pod gets the same
         * text, one instance (a run keeps every pod's events; 1 kB each on a large lab). An entry is made anew when
         * the node count changes, so the text's total needs no check.
         */
        @Nullable Said said;

        Entry(int nodes, NodeOrder order) {
            versions = new long[nodes];
            scores = new NodeScore[nodes];
            reasons = new String[nodes];
            fitting = new TreeSet<>(order::compare);
            shapeAt = new Object[nodes];
            idsAt = new Object[nodes];
        }
    }

    /** A FilteringSucceed event and what it was made of: the chosen node, how many fit, the list of fits. */
    private record Said(List<HamiEvent> events, String node, int fits, String listed) { }

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
    private final NodeJournal journal;
    private final FitShapes shapes = new FitShapes();

    FitIndex(NodeJournal journal) {
        this.journal = journal;
    }

    /**
     * What {@code HamiFilter.filter(ctx, infos, null)} answers, its event texts as the log keeps them
     * ({@link EventLog#MAX_MESSAGE}); {@code infos.get(i)} is the current info of {@code nodes.get(i)}.
     */
    FilterAnswer filter(FilterContext ctx, List<SimNode> nodes, List<NodeInfo> infos) {
        if (!ctx.requestsAnyDevice()) {
            return FilterAnswer.of(HamiFilter.filter(ctx, infos, null));
        }
        Entry e = entry(ctx, nodes, infos);
        if (e.fitting.isEmpty()) {
            // a view of the live failed set (the caller copies what it keeps); the events list node names only as far
            // as the log keeps them, not thousands of names per pod
            return new FilterAnswer(new Status(Code.UNSCHEDULABLE, List.of(), Status.HAMI), null, PodDevices.empty(),
                    java.util.Collections.unmodifiableSortedMap(e.failed),
                    FilterEvents.failed(e.failed, nodes.size(), EventLog.MAX_MESSAGE));
        }
        return FilterAnswer.success(e.failed, e.fitting, succeeded(e, nodes.size()));
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
        if (e.epoch != journal.epoch()) {
            for (int i = 0; i < nodes.size(); i++) {
                refit(e, ctx, i, nodes.get(i), infos.get(i));
            }
            e.epoch = journal.epoch();
        } else {
            for (int j = e.seen; j < journal.size(); j++) {
                int i = journal.at(j);
                SimNode n = nodes.get(i);
                if (e.versions[i] != n.version()) {
                    refit(e, ctx, i, n, infos.get(i));
                }
            }
        }
        e.seen = journal.size();
        return e;
    }

    private static String listed(Entry e) {
        if (e.listed == null) {
            StringBuilder sb = new StringBuilder(EventLog.MAX_MESSAGE + 32);
            int n = FilterEvents.listFits(sb, e.fitting, EventLog.MAX_MESSAGE);
            NodeScore last = null;
            if (n < e.fitting.size()) {
                java.util.Iterator<NodeScore> it = e.fitting.iterator();
                for (int k = 0; k < n; k++) {
                    last = it.next();
                }
            }
            e.listed = sb.toString();
            e.lastListed = last;
        }
        return e.listed;
    }

    private static List<HamiEvent> succeeded(Entry e, int totalNodes) {
        String listed = listed(e);
        String chosen = e.fitting.last().node();
        int fits = e.fitting.size();
        Said s = e.said;
        if (s == null || listed != s.listed() || !chosen.equals(s.node()) || fits != s.fits()) {
            s = new Said(FilterAnswer.succeeded(chosen, totalNodes, fits, listed), chosen, fits, listed);
            e.said = s;
        }
        return s.events();
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
