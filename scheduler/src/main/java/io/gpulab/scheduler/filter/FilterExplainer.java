package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.NodeInfo;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Explains one {@code /filter} call ({@link FilterWhy}) by running HAMi's own fit ({@link NodeFitter}, {@link NvidiaFit})
 * on the same inputs with a {@link FitTrace} that writes down each card's score, terms and verdict: the explanation
 * is the decision, not a second model of it. Costs one filter pass; callers ask for it per pod, never per run.
 */
public final class FilterExplainer {

    private FilterExplainer() {
    }

    /**
     * @param nodes        the nodes HAMi's filter is sent, with their usage at the decision
     * @param quota        the namespaces' GPU quotas as HAMi sees them, or null
     * @param kubeRejected nodes kube-scheduler's own filter rejected before HAMi saw them, with kube's reasons
     */
    public static FilterWhy explain(FilterContext ctx, List<NodeInfo> nodes, @Nullable QuotaState quota,
                                    Map<String, String> kubeRejected) {
        List<NodeScore> fits = new ArrayList<>();
        Map<String, FilterWhy.NodeWhy> failed = new TreeMap<>();
        Map<String, Recorder> byNode = new java.util.HashMap<>();
        for (NodeInfo n : nodes) {
            if (n.devices().isEmpty()) {
                failed.put(n.name(), new FilterWhy.NodeWhy(n.name(), "failed", 0, null, null,
                        Reasons.NODE_UNREGISTERED, io.gpulab.scheduler.codec.HamiResources.SCHEDULER_NAME, List.of()));
                continue;
            }
            Recorder r = new Recorder();
            NodeFit f = NodeFitter.fit(ctx, n, quota, r);
            byNode.put(n.name(), r);
            if (f.fits()) {
                fits.add(new NodeScore(n.name(), f.score(), f.devices()));
            } else {
                // HAMi scores every node before fitting it (calcScore); a node that fails keeps that score unused
                failed.put(n.name(), new FilterWhy.NodeWhy(n.name(), "failed", 0, f.score(), usage(n), f.reason(),
                        io.gpulab.scheduler.codec.HamiResources.SCHEDULER_NAME, r.containers(ctx)));
            }
        }
        fits.sort(NodeOrder.of(ctx.nodePolicy())::compare);
        List<FilterWhy.NodeWhy> out = new ArrayList<>();
        for (int i = fits.size() - 1; i >= 0; i--) {
            NodeScore s = fits.get(i);
            NodeInfo n = nodes.stream().filter(x -> x.name().equals(s.node())).findFirst().orElseThrow();
            out.add(new FilterWhy.NodeWhy(s.node(), i == fits.size() - 1 ? "chosen" : "fits", fits.size() - i,
                    s.score(), usage(n), null, null, byNode.get(s.node()).containers(ctx)));
        }
        out.addAll(failed.values());
        new TreeMap<>(kubeRejected).forEach((n, why) -> out.add(new FilterWhy.NodeWhy(n, "failed", 0, null, null, why,
                "kube-scheduler", List.of())));
        return new FilterWhy(null, ctx.nodePolicy(), nodeWords(ctx.nodePolicy()), ctx.gpuPolicy(),
                ctx.order().describe(), ctx.numaBind(), ctx.topology(), ctx.mutex(), weights(ctx),
                fits.isEmpty() ? null : fits.get(fits.size() - 1).node(), out);
    }

    /** The explanation of a filter call that failed before any node was looked at (an invalid weights annotation). */
    public static FilterWhy error(String message, String nodePolicy, String gpuPolicy) {
        return new FilterWhy(message, nodePolicy, nodeWords(nodePolicy), gpuPolicy,
                GpuOrder.of(gpuPolicy, false).describe(), false, false, false,
                new FilterWhy.Weights(1, 1, 1, "invalid annotation: the filter stops"), null, List.of());
    }

    private static String nodeWords(String policy) {
        // gpulab's tie-break (NodeOrder): HAMi orders equal scores by goroutine completion, which no lab can know
        return ("spread".equals(policy) ? "spread: the node with the lowest score (the emptiest) is chosen"
                : "binpack: the node with the highest score (the fullest) is chosen")
                + "; equal scores: the node whose name sorts first (HAMi: whichever node was scored last)";
    }

    private static FilterWhy.Weights weights(FilterContext ctx) {
        ScoringWeights w = ctx.weights();
        String given = ctx.annotations().get(HamiAnnotations.DEVICE_SCORING_WEIGHTS);
        return new FilterWhy.Weights(w.slot(), w.core(), w.memory(),
                given == null ? "default" : HamiAnnotations.DEVICE_SCORING_WEIGHTS + ": " + given);
    }

    private static FilterWhy.Usage usage(NodeInfo n) {
        return NodeScoring.usage(n.devices());
    }

    private static FilterWhy.Usage usage(WorkDevice d) {
        return new FilterWhy.Usage(d.usedSlots, d.info.count(), d.usedCores, d.info.devCore(), d.usedMem,
                d.info.devMem());
    }

    /** Writes down what HAMi's fit does on one node, container by container. */
    private static final class Recorder implements FitTrace {

        private final List<Draft> done = new ArrayList<>();
        private @Nullable Draft current;

        /** One container in the making. */
        private static final class Draft {
            final int index;
            final ContainerDeviceRequest k;
            final List<Card> cards = new ArrayList<>();
            final Map<WorkDevice, Card> unvisited = new IdentityHashMap<>();
            @Nullable FitOutcome outcome;

            Draft(int index, ContainerDeviceRequest k) {
                this.index = index;
                this.k = k;
            }
        }

        /** One card visit. */
        private static final class Card {
            final WorkDevice d;
            final float score;
            final FilterWhy.Terms terms;
            final FilterWhy.Usage before;
            int tried;
            String verdict;
            @Nullable Integer mem;
            @Nullable Integer cores;
            @Nullable Long pair;

            Card(WorkDevice d, ContainerDeviceRequest k, String verdict) {
                this.d = d;
                this.score = d.score;
                this.terms = DeviceScorer.terms(d, k);
                this.before = usage(d);
                this.verdict = verdict;
            }
        }

        @Override
        public void sorted(int index, ContainerDeviceRequest k, WorkDevice[] sorted) {
            Draft c = new Draft(index, k);
            for (int i = sorted.length - 1; i >= 0; i--) {
                WorkDevice d = sorted[i];
                Card card = new Card(d, k, d.isNvidia() ? "not tried" : "not an NVIDIA card");
                c.cards.add(card);
                if (d.isNvidia()) {
                    c.unvisited.put(d, card);
                }
            }
            current = c;
            done.add(c);
        }

        @Override
        public void card(WorkDevice d, @Nullable String reason, int memreq, int coresReq) {
            Draft c = current;
            if (c == null) {
                return;
            }
            Card card = c.unvisited.remove(d);
            if (card == null) {
                // a MIG card revisited: one more visit, right after the last one
                card = new Card(d, c.k, "");
                int last = 0;
                for (int i = 0; i < c.cards.size(); i++) {
                    if (c.cards.get(i).d == d) {
                        last = i;
                    }
                }
                c.cards.add(last + 1, card);
            }
            card.tried = tried(c);
            card.verdict = reason == null ? "taken" : reason;
            card.mem = memreq < 0 ? null : memreq;
            card.cores = coresReq < 0 ? null : coresReq;
        }

        private static int tried(Draft c) {
            int n = 0;
            for (Card x : c.cards) {
                if (x.tried > 0) {
                    n++;
                }
            }
            return n + 1;
        }

        @Override
        public void dropped(List<ContainerDevice> cards) {
            if (current != null) {
                for (Card x : current.cards) {
                    if ("taken".equals(x.verdict) && cards.stream().anyMatch(c -> c.uuid().equals(x.d.info.id()))) {
                        x.verdict = "dropped " + Reasons.NUMA_NOT_FIT;
                    }
                }
            }
        }

        @Override
        public void topology(List<ContainerDevice> chosen, Map<String, Long> sums) {
            if (current != null) {
                for (Card x : current.cards) {
                    if ("taken".equals(x.verdict)) {
                        x.pair = sums.get(x.d.info.id());
                        if (chosen.stream().noneMatch(c -> c.uuid().equals(x.d.info.id()))) {
                            x.verdict = "not chosen";
                        }
                    }
                }
            }
        }

        @Override
        public void outcome(FitOutcome out) {
            if (current != null) {
                current.outcome = out;
                if (!out.fits()) {
                    current.cards.stream().filter(x -> "taken".equals(x.verdict))
                            .forEach(x -> x.verdict = "fits, too few cards");
                }
            }
            current = null;
        }

        List<FilterWhy.ContainerWhy> containers(FilterContext ctx) {
            List<FilterWhy.ContainerWhy> out = new ArrayList<>();
            for (Draft c : done) {
                ContainerDeviceRequest k = c.k;
                Integer pct = k.memReq() == 0 && k.memPercentReq() != ContainerDeviceRequest.PERCENT_UNSET
                        ? k.memPercentReq() : null;
                List<FilterWhy.CardWhy> cards = new ArrayList<>();
                for (Card x : c.cards) {
                    cards.add(new FilterWhy.CardWhy(x.d.info.id(), x.d.info.index(), x.d.info.numa(), x.d.info.type(),
                            x.tried, x.score, x.terms, x.before, x.verdict, x.mem, x.cores, x.pair));
                }
                FitOutcome o = c.outcome;
                out.add(new FilterWhy.ContainerWhy(c.index, c.index < ctx.initCount(),
                        new FilterWhy.Request(k.nums(), k.memReq(), pct, k.coresReq()), cards,
                        o != null && o.fits() ? o.devices() : List.of(),
                        o == null || o.fits() ? null : o.reason()));
            }
            return out;
        }
    }
}
