package io.gpulab.engine.sim;

import io.gpulab.engine.api.ReasonTypes;

import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.FilterEvents;
import io.gpulab.scheduler.filter.FilterResult;
import io.gpulab.scheduler.filter.HamiEvent;
import io.gpulab.scheduler.filter.HamiFilter;
import io.gpulab.scheduler.filter.NodeScore;
import io.gpulab.scheduler.filter.QuotaState;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodDevices;
import org.jspecify.annotations.Nullable;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * kube-scheduler's cycle for a pod of HAMi's profile when its own {@link NodeResourcesFit} rejects some nodes
 * ({@link KubeScan}): only the nodes that pass go to HAMi's extender ({@code findNodesThatPassExtenders}), which
 * answers over those alone, so its FilteringSucceed / FilteringFailed texts count them; when none pass, HAMi is
 * never asked. Nodes kube rejected carry kube's reasons in the pod's failed nodes and in the FitError histogram,
 * where kube counts each of its reasons and HAMi's whole text per node.
 */
final class ExtenderPass {

    /** Failed nodes a trace step lists by name (the rest are counted). */
    static final int SHOWN = 20;

    /**
     * One pass: the chosen node and cards, or kube's FitError {@code message} and the dominant {@code reason};
     * HAMi's events (none when it was not asked); the first {@value #SHOWN} failed nodes by name, how many failed,
     * and every failed node when the caller asked for them all.
     */
    record Pass(@Nullable String node, PodDevices devices, List<HamiEvent> events, String message, String reason,
                Map<String, String> failedFirst, int failedCount, @Nullable Map<String, String> failedAll) { }

    private ExtenderPass() {
    }

    /**
     * The pass over {@code t.kube}'s verdicts; {@code all}: also return every failed node. With a {@code quota} (the
     * pod's namespace has one) HAMi filters plainly, as the cache does not follow quotas. Without texts
     * ({@link Recording#FIGURES}) the pass has no events, no FitError text and no failed nodes listed: the same node,
     * cards and dominant reason.
     */
    static Pass run(SimTenant t, FilterContext ctx, @Nullable QuotaState quota, boolean reference, boolean all,
                    Recording recording) {
        KubeScan kube = t.kube;
        int n = t.nodeList.size();
        int passing = n - kube.failing();
        boolean texts = recording.texts();
        if (passing == 0) {
            return failure(t, i -> null, 0, all, texts);
        }
        if (reference || quota != null) {
            List<NodeInfo> infos = t.nodeInfos();
            List<NodeInfo> sent = new ArrayList<>(passing);
            for (int i = 0; i < n; i++) {
                if (!kube.fails(i)) {
                    sent.add(infos.get(i));
                }
            }
            FilterResult r = HamiFilter.filter(ctx, sent, quota);
            IntFunction<String> why = i -> r.failedNodes().get(t.nodeList.get(i).name);
            if (r.node() == null) {
                return failure(t, why, passing, all, texts);
            }
            return success(t, r.node(), r.devices(), r.events(), why, r.failedNodes().size());
        }
        FitIndex.Entry e = t.fits.entry(ctx, t.nodeList, t.nodeInfos());
        int fit = t.fitCounts.count(kube, e, n);
        IntFunction<String> why = i -> e.reasons[i];
        if (fit == 0) {
            return failure(t, why, passing, all, texts);
        }
        NodeScore chosen = null;
        for (Iterator<NodeScore> it = e.fitting.descendingIterator(); chosen == null; ) {
            NodeScore s = it.next();
            if (!kube.fails(t.nodes.get(s.node()).index)) {
                chosen = s;
            }
        }
        if (!texts) {
            return new Pass(chosen.node(), chosen.devices(), List.of(), "", "", Map.of(), kube.failing() + passing - fit,
                    null);
        }
        HamiEvent ok = FilterEvents.succeeded(chosen.node(), passing, new Sent(e, t, fit), EventLog.MAX_MESSAGE);
        return success(t, chosen.node(), chosen.devices(), List.of(ok), why, passing - fit);
    }

    /**
     * Every node's reason as this pass gives it now (nodes that would fit are left out), sorted by node: the per-node
     * detail of a pending pod, recomputed when asked. Call after {@code t.kubeScan} for the pod.
     */
    static Map<String, String> failedNodes(SimTenant t, FilterContext ctx, @Nullable QuotaState quota,
                                           boolean reference) {
        KubeScan kube = t.kube;
        IntFunction<String> why;
        if (reference || quota != null) {
            List<NodeInfo> infos = t.nodeInfos();
            List<NodeInfo> sent = new ArrayList<>();
            for (int i = 0; i < infos.size(); i++) {
                if (!kube.fails(i)) {
                    sent.add(infos.get(i));
                }
            }
            Map<String, String> hami = sent.isEmpty() ? Map.of() : HamiFilter.filter(ctx, sent, quota).failedNodes();
            why = i -> hami.get(t.nodeList.get(i).name);
        } else {
            FitIndex.Entry e = t.fits.entry(ctx, t.nodeList, t.nodeInfos());
            why = i -> e.reasons[i];
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (int i : t.byName()) {
            String r = reason(kube, i, why);
            if (r != null) {
                out.put(t.nodeList.get(i).name, r);
            }
        }
        return out;
    }

    private static Pass success(SimTenant t, String node, PodDevices devices, List<HamiEvent> events,
                                IntFunction<String> hamiReason, int hamiFailed) {
        Map<String, String> first = new LinkedHashMap<>();
        int[] byName = t.byName();
        for (int k = 0; k < byName.length && first.size() < SHOWN; k++) {
            String why = reason(t.kube, byName[k], hamiReason);
            if (why != null) {
                first.put(t.nodeList.get(byName[k]).name, why);
            }
        }
        return new Pass(node, devices, events, "", "", first, t.kube.failing() + hamiFailed, null);
    }

    private static @Nullable String reason(KubeScan kube, int i, IntFunction<String> hamiReason) {
        return kube.fails(i) ? KubeScan.reasons(kube.mask(i)) : hamiReason.apply(i);
    }

    /** No node passed both: kube's histogram, the dominant reason, HAMi's FilteringFailed events when it was asked. */
    private static Pass failure(SimTenant t, IntFunction<String> hamiReason, int passing, boolean all,
                                boolean texts) {
        KubeScan kube = t.kube;
        // counted per kube mask and per distinct HAMi text in one pass (thousands of nodes, a handful of texts)
        int[] maskNodes = new int[KubeScan.TAINT + 1];
        int[] maskCards = new int[KubeScan.TAINT + 1];
        Map<String, int[]> hamiCounts = new HashMap<>();
        Map<String, String> hamiFailed = passing == 0 ? Map.of() : new SentFailed(t, hamiReason);
        Map<String, String> first = new LinkedHashMap<>();
        Map<String, String> every = all && texts ? new LinkedHashMap<>() : null;
        for (int i : t.byName()) {
            SimNode node = t.nodeList.get(i);
            String why;
            if (kube.fails(i)) {
                int m = kube.mask(i);
                why = KubeScan.reasons(m);
                maskNodes[m]++;
                maskCards[m] += Math.max(1, node.registration().devices().size());
            } else {
                why = hamiReason.apply(i);
                hamiCounts.computeIfAbsent(why, k -> new int[1])[0]++;
            }
            if (texts && first.size() < SHOWN) {
                first.put(node.name, why);
            }
            if (every != null) {
                every.put(node.name, why);
            }
        }
        Map<String, Integer> histogram = new HashMap<>();
        Map<String, Integer> tally = new TreeMap<>();
        for (int m = 1; m <= KubeScan.TAINT; m++) {
            if (maskNodes[m] > 0) {
                for (String r : KubeScan.reasonList(m)) {
                    if (texts) {
                        histogram.merge(r, maskNodes[m], Integer::sum);
                    }
                    // a node kube rejected counts all its cards, comparable with HAMi's per-card counts
                    tally.merge(r, maskCards[m], Integer::sum);
                }
            }
        }
        hamiCounts.forEach((why, n) -> {
            if (texts) {
                histogram.merge(why, n[0], Integer::sum);
            }
            ReasonTypes.tally(why).forEach((r, k) -> tally.merge(r, k * n[0], Integer::sum));
        });
        List<HamiEvent> events = passing == 0 || !texts ? List.of()
                : FilterEvents.failed(hamiFailed, passing, EventLog.MAX_MESSAGE);
        return new Pass(null, PodDevices.empty(), events, texts ? KubeMessages.unschedulable(t.nodeList.size(),
                histogram) : "", ReasonTypes.dominantOf(tally), first, t.nodeList.size(), every);
    }

    /**
     * The nodes HAMi was sent and rejected, with its reasons, in name order: read once to write the FilteringFailed
     * events, so it is a view over the pass (a map of thousands of entries per pending pod would be garbage).
     */
    private static final class SentFailed extends java.util.AbstractMap<String, String> {
        private final SimTenant tenant;
        private final IntFunction<String> hamiReason;

        SentFailed(SimTenant tenant, IntFunction<String> hamiReason) {
            this.tenant = tenant;
            this.hamiReason = hamiReason;
        }

        @Override
        public void forEach(java.util.function.BiConsumer<? super String, ? super String> action) {
            for (int i : tenant.byName()) {
                if (!tenant.kube.fails(i)) {
                    String why = hamiReason.apply(i);
                    if (why != null) {
                        action.accept(tenant.nodeList.get(i).name, why);
                    }
                }
            }
        }

        @Override
        public java.util.Set<Entry<String, String>> entrySet() {
            Map<String, String> copy = new LinkedHashMap<>();
            forEach(copy::put);
            return copy.entrySet();
        }
    }

    /** The fitting nodes HAMi was sent, in node-policy order: the index's fitting set minus kube's rejects. */
    private static final class Sent extends AbstractList<NodeScore> {
        private final FitIndex.Entry entry;
        private final SimTenant tenant;
        private final int size;

        Sent(FitIndex.Entry entry, SimTenant tenant, int size) {
            this.entry = entry;
            this.tenant = tenant;
            this.size = size;
        }

        @Override
        public Iterator<NodeScore> iterator() {
            Iterator<NodeScore> all = entry.fitting.iterator();
            return new Iterator<>() {
                private @Nullable NodeScore next = advance();

                private @Nullable NodeScore advance() {
                    while (all.hasNext()) {
                        NodeScore s = all.next();
                        if (!tenant.kube.fails(tenant.nodes.get(s.node()).index)) {
                            return s;
                        }
                    }
                    return null;
                }

                @Override
                public boolean hasNext() {
                    return next != null;
                }

                @Override
                public NodeScore next() {
                    NodeScore s = next;
                    if (s == null) {
                        throw new NoSuchElementException();
                    }
                    next = advance();
                    return s;
                }
            };
        }

        @Override
        public NodeScore get(int index) {
            Iterator<NodeScore> it = iterator();
            for (int i = 0; i < index; i++) {
                it.next();
            }
            return it.next();
        }

        @Override
        public int size() {
            return size;
        }
    }
}
