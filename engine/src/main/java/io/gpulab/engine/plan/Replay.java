package io.gpulab.engine.plan;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.sim.SimBackend;
import io.gpulab.mockgpu.catalog.CardCatalog;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntConsumer;

/**
 * One replay of a workload on one candidate with a fixed worker count, on a fresh simulated lab: every
 * submit, delete and clock advance as a lab command, the GPU allocation tracked against arrived demand.
 */
final class Replay {

    /** Pending reason of a pod admission refused (it never exists in the tenant). */
    static final String ADMISSION_REFUSED = "AdmissionRefused";

    private Replay() {
    }

    /**
     * What one replay found.
     *
     * @param workers         the worker count replayed
     * @param placed          pods that were placed on a card (at arrival or later)
     * @param pending         pods not running at the end (waiting, refused)
     * @param pendingByReason those by reason (HAMi's reason type, kube's, or {@link #ADMISSION_REFUSED})
     * @param allocationPct   GPU allocation at the end: allocated GPU-milli / capacity
     * @param curve           allocation against arrived demand, a point per 1 % of arrived demand
     * @param metrics         utilisation and stranded capacity at the end
     * @param stoppedEarly    the replay stopped at the first pod that pended although it can fit (a search
     *                        only needs to know that this count is too small)
     */
    record Result(int workers, int placed, int pending, int pendingFittable, Map<String, Integer> pendingByReason,
                  double allocationPct, List<CurvePoint> curve, RunMetrics metrics, boolean stoppedEarly,
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
     */
    static Result run(String plan, Candidate c, int workers, Workload w, CardCatalog catalog, BitSet unfit,
                      boolean stopEarly, AtomicBoolean cancelled, IntConsumer onEvent) {
        LabSpec spec = CandidateLab.spec(plan, c, workers);
        int cardMem = (int) Math.floor(Fit.memory(c.cards().get(0), catalog) * c.hami().deviceMemoryScaling());
        double capacity = 1000.0 * workers * c.cardsPerWorker();
        int[] tenantOf = CandidateLab.tenantOf(w.pods().size(), c.weights());
        long[] demand = new long[w.pods().size()];
        for (int i = 0; i < demand.length; i++) {
            demand[i] = w.pods().get(i).gpuMilli(cardMem);
        }
        BitSet placed = new BitSet(demand.length);
        BitSet everPlaced = new BitSet(demand.length);
        Set<Integer> waiting = new LinkedHashSet<>();
        BitSet refused = new BitSet(demand.length);
        List<CurvePoint> curve = new ArrayList<>();
        long arrived = 0;
        long allocated = 0;
        int nextPct = 1;
        boolean stopped = false;
        try (SimBackend sim = SimBackend.start(spec)) {
            int done = 0;
            for (Arrival e : w.events()) {
                if (cancelled.get()) {
                    throw new java.util.concurrent.CancellationException("plan cancelled");
                }
                if (e instanceof Arrival.Submit s) {
                    int i = s.pod();
                    String tenant = c.tenants().get(tenantOf[i]);
                    CommandResult r = sim.execute(new LabCommand.SubmitPod(tenant, w.pods().get(i).manifest()));
                    arrived += demand[i];
                    PodView v = r.accepted() ? sim.pod(tenant, w.pods().get(i).key()).orElse(null) : null;
                    if (v == null) {
                        refused.set(i);
                    } else if (isPlaced(v)) {
                        placed.set(i);
                        everPlaced.set(i);
                        allocated += demand[i];
                    } else {
                        waiting.add(i);
                    }
                    if (stopEarly && !placed.get(i) && !unfit.get(i)) {
                        stopped = true;
                        break;
                    }
                    while (capacity > 0 && arrived * 100.0 / capacity >= nextPct) {
                        curve.add(point(arrived, allocated, capacity));
                        nextPct = (int) Math.floor(arrived * 100.0 / capacity) + 1;
                    }
                } else if (e instanceof Arrival.Delete d) {
                    int i = d.pod();
                    String tenant = c.tenants().get(tenantOf[i]);
                    if (!refused.get(i)) {
                        sim.execute(new LabCommand.DeletePod(tenant, w.pods().get(i).key()));
                    }
                    if (placed.get(i)) {
                        placed.clear(i);
                        allocated -= demand[i];
                    }
                    waiting.remove(i);
                    allocated += recheck(sim, c, w, tenantOf, waiting, placed, everPlaced, demand);
                } else if (e instanceof Arrival.Advance a) {
                    sim.execute(new LabCommand.Advance(a.by()));
                    allocated += recheck(sim, c, w, tenantOf, waiting, placed, everPlaced, demand);
                }
                onEvent.accept(++done);
            }
            if (curve.isEmpty() || curve.get(curve.size() - 1).arrivedPct() != pct(arrived, capacity)) {
                curve.add(point(arrived, allocated, capacity));
            }
            Map<String, Integer> reasons = new TreeMap<>();
            int pending = 0;
            int fittable = 0;
            for (int i : waiting) {
                fittable += unfit.get(i) ? 0 : 1;
                PodView v = sim.pod(c.tenants().get(tenantOf[i]), w.pods().get(i).key()).orElse(null);
                reasons.merge(v == null ? "Unknown" : reason(v), 1, Integer::sum);
                pending++;
            }
            if (!refused.isEmpty()) {
                reasons.merge(ADMISSION_REFUSED, refused.cardinality(), Integer::sum);
                pending += refused.cardinality();
                BitSet r = (BitSet) refused.clone();
                r.andNot(unfit);
                fittable += r.cardinality();
            }
            RunMetrics m = CardMetrics.of(sim.snapshot());
            long total = 0;
            for (long d : demand) {
                total += d;
            }
            return new Result(workers, everPlaced.cardinality(), pending, fittable, reasons, pct(allocated, capacity),
                    curve, m, stopped, total == 0 ? 1 : (double) arrived / total);
        }
    }

    /** Pending pods the kube queue retried after capacity freed: those now placed. Returns the GPU-milli added. */
    private static long recheck(SimBackend sim, Candidate c, Workload w, int[] tenantOf, Set<Integer> waiting,
                                BitSet placed, BitSet everPlaced, long[] demand) {
        long added = 0;
        for (var it = waiting.iterator(); it.hasNext();) {
            int i = it.next();
            PodView v = sim.pod(c.tenants().get(tenantOf[i]), w.pods().get(i).key()).orElse(null);
            if (v != null && isPlaced(v)) {
                it.remove();
                placed.set(i);
                everPlaced.set(i);
                added += demand[i];
            }
        }
        return added;
    }

    private static boolean isPlaced(PodView v) {
        return !v.node().isEmpty() && ("Running".equals(v.phase()) || "Succeeded".equals(v.phase())
                || "Pending".equals(v.phase()) && v.reason().isEmpty());
    }

    /** The reason type without HAMi's {@code k/N} count, e.g. {@code CardInsufficientMemory}. */
    static String reason(PodView v) {
        String r = v.reason().strip();
        if (r.isEmpty()) {
            return v.phase();
        }
        String first = r.split(",")[0].strip();
        int space = first.indexOf(' ');
        if (space > 0 && first.substring(0, space).matches("\\d+/\\d+")) {
            first = first.substring(space + 1);
        }
        return first;
    }

    private static CurvePoint point(long arrived, long allocated, double capacity) {
        return new CurvePoint(pct(arrived, capacity), pct(allocated, capacity));
    }

    static double pct(long part, double whole) {
        return whole <= 0 ? 0 : Math.round(part * 1000.0 / whole) / 10.0;
    }
}
