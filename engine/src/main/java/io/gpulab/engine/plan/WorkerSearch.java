package io.gpulab.engine.plan;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.mockgpu.catalog.CardCatalog;

import java.util.BitSet;

/**
 * {@code minimize: workers}: the smallest worker count that places every pod that can fit at all, found by
 * search instead of trying every count. It starts at a capacity lower bound (no fewer workers can hold the
 * demand), grows from there guided by how far a too-small lab got, then narrows the interval where the failing
 * runs say capacity runs out (an interpolation that never does worse than a quarter-step bisection); within
 * {@link #BUDGET}
 * replays. A search that runs out of replays, or of {@code maxWorkers}, says so.
 */
final class WorkerSearch {

    /** Replays one search may use. */
    static final int BUDGET = 12;

    private WorkerSearch() {
    }

    /**
     * How a search ended.
     *
     * @param best      the full replay at the answer (or at the largest count tried when none placed all)
     * @param minWorkers the answer, or {@code null} when not found
     * @param replays   replays used
     * @param converged whether the answer is exact (the count below it was shown too small)
     * @param note      one sentence when not converged or not found, else empty
     */
    record Outcome(Replay.Result best, Integer minWorkers, int replays, boolean converged, String note,
                   java.util.List<SearchStep> steps, int lowerBound) { }

    /**
     * @param replay runs one replay at a worker count; {@code true} second argument lets it stop early
     */
    static Outcome search(Candidate c, Workload w, BitSet unfit, CardCatalog catalog, boolean canStopEarly,
                          java.util.function.BiFunction<Integer, Boolean, Replay.Result> replay) {
        return search(c, w, unfit, catalog, canStopEarly, 0, replay);
    }

    /**
     * @param hint a count to try first (another arrival order's answer), 0 for none: when it places everything,
     *             the count below it is tried next, so a stable answer costs two replays
     */
    static Outcome search(Candidate c, Workload w, BitSet unfit, CardCatalog catalog, boolean canStopEarly, int hint,
                          java.util.function.BiFunction<Integer, Boolean, Replay.Result> tracked) {
        java.util.List<SearchStep> steps = new java.util.ArrayList<>();
        java.util.function.BiFunction<Integer, Boolean, Replay.Result> replay = (count, early) -> {
            Replay.Result r = tracked.apply(count, early);
            steps.add(new SearchStep(count, r.placesAll(), r.stoppedEarly()));
            return r;
        };
        int bound = lowerBound(c, w, unfit, catalog);
        int lo = bound - 1;   // known too small
        Integer hi = null;
        Replay.Result best = null;
        int replays = 0;
        int n = Math.max(Math.max(lo + 1, c.tenants().size()), hint);
        double loFraction = 0;
        while (hi == null && replays < BUDGET) {
            n = Math.min(n, c.maxWorkers());
            Replay.Result r = replay.apply(n, canStopEarly);
            replays++;
            if (r.placesAll()) {
                hi = n;
                best = r;
            } else {
                lo = n;
                if (n >= c.maxWorkers()) {
                    Replay.Result full = r.stoppedEarly() ? replay.apply(n, false) : r;
                    return new Outcome(full, null, replays + (r.stoppedEarly() ? 1 : 0), false,
                            "even " + Counts.of(n, "worker") + " (maxWorkers) " + (n == 1 ? "leaves" : "leave")
                                    + " pods that could fit pending", steps, bound);
                }
                loFraction = r.arrivedFraction();
                double f = Math.max(loFraction, 0.05);
                int guess = (int) Math.ceil(n / f * 1.02);
                n = Math.max(n + 1, Math.min(guess, n * 4));
            }
        }
        if (hi == null) {
            Replay.Result full = replay.apply(lo, false);
            return new Outcome(full, null, replays + 1, false, "no count up to " + Counts.of(lo, "worker")
                    + " placed everything within " + BUDGET + " replays", steps, bound);
        }
        boolean probeBelow = hint > 0 && hi == hint;
        while (hi - lo > 1 && replays < BUDGET) {
            int mid = probeBelow ? hi - 1 : next(lo, loFraction, hi);
            probeBelow = false;
            Replay.Result r = replay.apply(mid, canStopEarly);
            replays++;
            if (r.placesAll()) {
                hi = mid;
                best = r;
            } else {
                lo = mid;
                loFraction = r.arrivedFraction();
            }
        }
        boolean converged = hi - lo <= 1;
        return new Outcome(best, hi, replays, converged, converged ? "" : "the search stopped after " + BUDGET
                + " replays: the answer is between " + Recommendation.fmt(lo + 1) + " and "
                + Recommendation.fmt(hi) + " workers", steps, bound);
    }

    /**
     * The next count to try between a failing {@code lo} and a sufficient {@code hi}: where the failing run's
     * share of arrived demand says capacity runs out ({@code lo / fraction}: a too-small lab stopped at its
     * first pending pod, and capacity grows with the count), kept at least a quarter of the way into the
     * interval so that a poor estimate still shrinks it like bisection would.
     */
    static int next(int lo, double loFraction, int hi) {
        int quarter = lo + Math.max(1, (hi - lo) / 4);
        if (!(loFraction > 0 && loFraction < 1)) {
            return lo + (hi - lo) / 2;
        }
        int estimate = (int) Math.ceil(lo / loFraction);
        return Math.min(hi - 1, Math.max(quarter, Math.min(estimate, hi - Math.max(1, (hi - lo) / 4))));
    }

    /** No fewer workers can hold the pods that fit: by cards (memory, compute, whole cards), slots, CPU, memory. */
    static int lowerBound(Candidate c, Workload w, BitSet unfit, CardCatalog catalog) {
        int perWorker = c.cardsPerWorker();
        CardSpec first = c.cards().get(0);
        double mem = Math.floor(Fit.memory(first, catalog) * c.hami().deviceMemoryScaling());
        double cardShare = 0;
        long shares = 0;
        long cpu = 0;
        long memory = 0;
        for (int i = 0; i < w.pods().size(); i++) {
            if (unfit.get(i)) {
                continue;
            }
            PlanPod p = w.pods().get(i);
            double share = Math.max(p.cores() / 100.0, p.memPct() / 100.0);
            if (p.memMB() > 0 && mem > 0) {
                share = Math.max(share, p.memMB() / mem);
            }
            cardShare += p.cards() * Math.min(1.0, share);
            shares += p.cards();
            cpu += p.cpuMilli();
            memory += p.memoryMiB();
        }
        long byCards = (long) Math.ceil(cardShare / perWorker - 1e-9);
        long bySlots = (long) Math.ceil((double) shares / ((long) perWorker * c.hami().deviceSplitCount()));
        long byCpu = (long) Math.ceil(cpu / (c.cpu() * 1000.0));
        long byMem = (long) Math.ceil((double) memory / c.memoryMiB());
        long bound = Math.max(Math.max(byCards, bySlots), Math.max(byCpu, byMem));
        return (int) Math.max(1, Math.min(Math.max(bound, c.tenants().size()), c.maxWorkers()));
    }
}
