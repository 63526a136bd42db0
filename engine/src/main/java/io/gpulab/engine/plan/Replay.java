package io.gpulab.engine.plan;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.sim.ReadPod;
import io.gpulab.engine.sim.Recording;
import io.gpulab.engine.sim.SimBackend;
import io.gpulab.mockgpu.catalog.CardCatalog;

import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

/**
 * One replay of a workload on one candidate with a fixed worker count, on a fresh simulated lab: every
 * submit, delete and clock advance as a lab command, the GPU allocation tracked against arrived demand.
 */
final class Replay {

    /** Pending reason of a pod admission refused (it never exists in the tenant). */
    static final String ADMISSION_REFUSED = "AdmissionRefused";
    /**
     * Pending reason of a pod that fits no worker of the candidate ({@link Fit}): it is counted, not submitted,
     * since kube would retry it against every node after every change for nothing.
     */
    public static final String NEVER_FITS = "NeverFits";

    private Replay() {
    }

    /**
     * How a plan's replays run: what their labs record ({@link Recording#FIGURES} unless a test compares) and the
     * plan's pods as read once.
     */
    record Setting(Recording recording, ReadPods pods) {

        static Setting of(Recording recording) {
            return new Setting(recording, new ReadPods());
        }
    }

    /**
     * What one replay found.
     *
     * @param workers         the worker count replayed
     * @param placed          pods that were placed on a card (at arrival or later)
     * @param pending         pods not running at the end (waiting, refused)
     * @param pendingFittable those of them that could fit this candidate
     * @param pendingByReason pending pods by reason (the lab metrics' reasons, plus {@link #ADMISSION_REFUSED})
     * @param curve           the allocation curve (docs/metrics.md)
     * @param metrics         the lab's metrics at the end; with departures, at the sample of highest allocation
     * @param heat            every card's booking at the end
     * @param stoppedEarly    the replay stopped at the first pod that pended although it can fit (a search
     *                        only needs to know that this count is too small)
     * @param arrivedFraction how much of the workload's GPU demand had arrived when it ended
     */
    record Result(int workers, int placed, int pending, int pendingFittable, Map<String, Integer> pendingByReason,
                  List<AllocationCurve.Point> curve, LabMetrics metrics, CardHeat heat, boolean stoppedEarly,
                  double arrivedFraction) {

        /** Every pod that can fit this candidate was placed and is not waiting. */
        boolean placesAll() {
            return !stoppedEarly && pendingFittable == 0;
        }
    }

    /**
     * @param unfit      indexes of pods that never fit this candidate (they do not stop an early-stopping run)
     * @param stopEarly  stop at the first pod that pends though it could fit (only meaningful without departures)
     * @param cancelled  checked between events
     * @param onEvent    told the number of events done, for progress
     * @param setting    what the replay's lab records and where its pods come from read
     * @param work       told every step replayed ({@link PlanLimits#work}'s units); throws past the plan's bound
     */
    static Result run(String plan, Candidate c, int workers, Workload w, CardCatalog catalog, BitSet unfit,
                      boolean stopEarly, AtomicBoolean cancelled, IntConsumer onEvent, Setting setting,
                      WorkMeter.Tally work) {
        work.add(PlanLimits.workerSteps(workers, c));
        LabSpec spec = CandidateLab.spec(plan, c, workers);
        ReadPod[] read = setting.pods().of(w.pods());
        int[] tenantOf = CandidateLab.tenantOf(w.pods().size(), c.weights());
        BitSet placed = new BitSet(w.pods().size());
        BitSet everPlaced = new BitSet(w.pods().size());
        Set<Integer> waiting = new LinkedHashSet<>();
        BitSet refused = new BitSet(w.pods().size());
        BitSet neverLive = new BitSet(w.pods().size());
        boolean stopped = false;
        long arrived = 0;
        try (SimBackend sim = SimBackend.start(spec, setting.recording())) {
            AllocationCurve curve = new AllocationCurve(Figures.of(sim).metrics.gpuAllocation().capacity());
            Peak peak = new Peak(w.events().stream().anyMatch(x -> x instanceof Arrival.Delete), c.cardsPerWorker());
            int done = 0;
            int lastSubmit = -1;
            for (int k = 0; k < w.events().size(); k++) {
                lastSubmit = w.events().get(k) instanceof Arrival.Submit ? k : lastSubmit;
            }
            for (Arrival e : w.events()) {
                if (cancelled.get()) {
                    throw new java.util.concurrent.CancellationException("plan cancelled");
                }
                if (e instanceof Arrival.Submit) {
                    work.add(1);
                } else {
                    work.recheck(waiting.size());
                }
                if (e instanceof Arrival.Submit s && unfit.get(s.pod())) {
                    neverLive.set(s.pod());
                    PlanPod pod = w.pods().get(s.pod());
                    arrived += pod.demandMilli();
                    if (curve.arrive(pod.demandMilli())) {
                        peak.sample(sim, curve);
                    }
                } else if (e instanceof Arrival.Submit s) {
                    int i = s.pod();
                    PlanPod pod = w.pods().get(i);
                    String tenant = c.tenants().get(tenantOf[i]);
                    SimBackend.Submitted r = sim.submit(tenant, read[i]);
                    arrived += pod.demandMilli();
                    // the scheduler's outcome (its Scheduled or FailedScheduling event); else the pod says
                    int outcome = r.accepted() ? r.attempt() : 0;
                    PodView v = outcome != 0 || !r.accepted() ? null : sim.pod(tenant, pod.key(), false).orElse(null);
                    if (outcome == 1) {
                        placed.set(i);
                        everPlaced.set(i);
                    } else if (outcome == -1) {
                        waiting.add(i);
                    } else if (v == null) {
                        refused.set(i);
                    } else if (isPlaced(v)) {
                        placed.set(i);
                        everPlaced.set(i);
                    } else {
                        waiting.add(i);
                    }
                    if (stopEarly && !placed.get(i) && !unfit.get(i)) {
                        stopped = true;
                        break;
                    }
                    if (curve.arrive(pod.demandMilli())) {
                        peak.sample(sim, curve);
                    }
                } else if (e instanceof Arrival.Delete d) {
                    int i = d.pod();
                    if (!refused.get(i) && !unfit.get(i)) {
                        sim.execute(new LabCommand.DeletePod(c.tenants().get(tenantOf[i]), w.pods().get(i).key()));
                    }
                    placed.clear(i);
                    neverLive.clear(i);
                    waiting.remove(i);
                    recheck(sim, c, w, tenantOf, waiting, placed, everPlaced);
                } else if (e instanceof Arrival.Advance a) {
                    sim.execute(new LabCommand.Advance(a.by()));
                    recheck(sim, c, w, tenantOf, waiting, placed, everPlaced);
                }
                if (done == lastSubmit && curve.lastDue()) {
                    // as `gpulab run` does: the arrival that rounds up to the last whole percent gets its point
                    peak.last(sim, curve);
                }
                onEvent.accept(++done);
            }
            Figures end = Figures.of(sim);
            LabMetrics m = end.metrics;
            LabMetrics figures = peak.metrics == null ? m : peak.metrics;
            CardHeat heat = peak.heat == null ? CardHeat.of(end.nodes, c.cardsPerWorker()) : peak.heat;
            Map<String, Integer> reasons = new java.util.TreeMap<>(m.pods().pendingByReason());
            int fittable = 0;
            for (int i : waiting) {
                fittable += unfit.get(i) ? 0 : 1;
            }
            int pending = waiting.size();
            int never = neverLive.cardinality();
            if (never > 0) {
                reasons.merge(NEVER_FITS, never, Integer::sum);
                pending += never;
            }
            if (!refused.isEmpty()) {
                reasons.merge(ADMISSION_REFUSED, refused.cardinality(), Integer::sum);
                pending += refused.cardinality();
                BitSet r = (BitSet) refused.clone();
                r.andNot(unfit);
                fittable += r.cardinality();
            }
            long total = w.demandMilli();
            return new Result(workers, everPlaced.cardinality(), pending, fittable, reasons, curve.points(), figures,
                    heat, stopped, total == 0 ? 1 : (double) arrived / total);
        }
    }

    /** Pending pods the kube queue retried after capacity freed: those now placed leave the waiting set. */
    private static void recheck(SimBackend sim, Candidate c, Workload w, int[] tenantOf, Set<Integer> waiting,
                                BitSet placed, BitSet everPlaced) {
        for (var it = waiting.iterator(); it.hasNext();) {
            int i = it.next();
            // placement only: the pending pod's per-node reasons are not recomputed
            PodView v = sim.pod(c.tenants().get(tenantOf[i]), w.pods().get(i).key(), false).orElse(null);
            if (v != null && isPlaced(v)) {
                it.remove();
                placed.set(i);
                everPlaced.set(i);
            }
        }
    }

    private static boolean isPlaced(PodView v) {
        return !v.node().isEmpty() && ("Running".equals(v.phase()) || "Succeeded".equals(v.phase())
                || "Pending".equals(v.phase()) && v.reason().isEmpty());
    }

    /**
     * The lab's metrics and its workers' views, read without a snapshot: no pod's view is built (the metrics read a
     * pod's phase and reason only), the same figures as {@code LabMetrics.of(sim.snapshot())}.
     */
    private static final class Figures {
        final LabMetrics metrics;
        final java.util.List<io.gpulab.engine.api.NodeView> nodes;

        private Figures(LabMetrics metrics, java.util.List<io.gpulab.engine.api.NodeView> nodes) {
            this.metrics = metrics;
            this.nodes = nodes;
        }

        static Figures of(SimBackend sim) {
            LabMetrics.Tally t = LabMetrics.tally();
            java.util.List<io.gpulab.engine.api.NodeView> nodes = new java.util.ArrayList<>();
            sim.figures(n -> {
                t.node(n);
                nodes.add(n);
            }, t::pod);
            return new Figures(t.result(), nodes);
        }
    }

    /**
     * The curve's samples, and with departures the lab at the highest allocation sampled: after the last
     * departure a trace replay's lab is empty, so its utilisation and stranded figures are taken at the peak.
     */
    private static final class Peak {
        private final boolean keep;
        private final int cardsPerWorker;
        private @org.jspecify.annotations.Nullable LabMetrics metrics;
        private @org.jspecify.annotations.Nullable CardHeat heat;

        Peak(boolean departures, int cardsPerWorker) {
            this.keep = departures;
            this.cardsPerWorker = cardsPerWorker;
        }

        void sample(SimBackend sim, AllocationCurve curve) {
            // the curve reads the lab's running allocation; the figures are read only for a new peak
            long used = sim.allocatedMilli();
            curve.sample(used);
            consider(sim, used);
        }

        /** The curve's last point (see {@link AllocationCurve#last}), a sample like the others. */
        void last(SimBackend sim, AllocationCurve curve) {
            long used = sim.allocatedMilli();
            curve.last(used);
            consider(sim, used);
        }

        private void consider(SimBackend sim, long used) {
            if (keep && (metrics == null || used > metrics.gpuAllocation().used())) {
                Figures f = Figures.of(sim);
                metrics = f.metrics;
                heat = CardHeat.of(f.nodes, cardsPerWorker);
            }
        }
    }
}
