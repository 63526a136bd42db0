package io.gpulab.engine.plan;

import io.gpulab.engine.sim.Recording;
import io.gpulab.mockgpu.catalog.CardCatalog;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a plan: every candidate on its own simulated lab, candidates in parallel on the available cores
 * (each lab is independent and single-threaded, so they share nothing but the read-only workload).
 */
public final class PlanRunner {

    private final CardCatalog catalog;
    private final int threads;
    /** What the replays' labs record; their pods read once for all of them. */
    private final Replay.Setting setting;
    /** Per candidate, its control planes' figures: they do not depend on the replay, so every replay shares them. */
    private final Map<Candidate, ControlPlaneCost> controlPlanes = new java.util.concurrent.ConcurrentHashMap<>();
    /** The replay steps a plan may take ({@link PlanLimits#work}). */
    private long maxWork = PlanLimits.MAX_WORK;

    public PlanRunner() {
        this(CardCatalog.builtIn(), Runtime.getRuntime().availableProcessors());
    }

    public PlanRunner(CardCatalog catalog, int threads) {
        this(catalog, threads, Recording.FIGURES);
    }

    /**
     * @param recording what every replay's lab records: a plan's figures read no event, trace or text of a replay (its
     *                  texts come from the plan itself), so {@link Recording#FIGURES} unless a test compares both
     */
    public PlanRunner(CardCatalog catalog, int threads, Recording recording) {
        this.catalog = catalog;
        this.threads = Math.max(1, threads);
        this.setting = Replay.Setting.of(recording);
    }

    /**
     * Sets the replay steps a plan may take before it is refused ({@link PlanLimits#MAX_WORK} unless set;
     * {@link Long#MAX_VALUE} for none, where a run shows its progress and can be cancelled).
     *
     * @return this runner
     */
    public PlanRunner maxWork(long steps) {
        if (steps < 1) {
            throw new IllegalArgumentException("--max-work must be at least 1, got " + steps);
        }
        this.maxWork = steps;
        return this;
    }

    /**
     * @throws CancellationException when {@code cancelled} was set while running
     * @throws PlanWorkExceeded        when the steps replayed pass {@link #maxWork(long)} (the estimate let it start)
     */
    public PlanResult run(Plan plan, Workload workload, PlanProgress progress, AtomicBoolean cancelled) {
        long estimate = check(plan, workload);
        WorkMeter meter = maxWork == Long.MAX_VALUE ? WorkMeter.unbounded() : new WorkMeter(maxWork, estimate);
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, plan.candidates().size()), r -> {
            Thread t = new Thread(r, "plan-candidate");
            t.setDaemon(true);
            return t;
        });
        try {
            // the longest runs start first (a searched candidate replays several times), so the last one to
            // finish does not start after the short ones; results stay in plan order
            List<Candidate> cs = plan.candidates();
            List<Future<CandidateResult>> futures = new ArrayList<>(java.util.Collections.nCopies(cs.size(), null));
            for (int k : longestFirst(cs)) {
                Candidate c = cs.get(k);
                futures.set(k, pool.submit(() -> candidate(plan, c, workload, progress, cancelled, 0, meter,
                        "candidate " + c.name())));
            }
            List<CandidateResult> results = new ArrayList<>();
            for (Future<CandidateResult> f : futures) {
                results.add(ReplayFutures.await(f, cancelled));
            }
            pool.shutdownNow();
            List<Fit.NeverFit> nowhere = nowhere(plan, workload);
            Recommendation rec = Recommendation.of(plan, workload, results, nowhere);
            List<NeverFitSuggestion> suggestions = suggestions(plan, workload, nowhere);
            SensitivityResult sensitivity = plan.sensitivity() == null ? null : SensitivityRunner.run(plan, workload,
                    results, threads, (c, w, hint, where) -> candidate(plan, c, w, PlanProgress.NONE, cancelled, hint,
                            meter, "candidate " + c.name() + ", " + where),
                    w -> nowhere(plan, w), progress, cancelled);
            long wall = (System.nanoTime() - start) / 1_000_000;
            return new PlanResult(plan, workload, results, nowhere, rec, suggestions,
                    Conclusions.of(plan, results, nowhere), sensitivity, wall);
        } finally {
            cancelled.compareAndSet(false, Thread.currentThread().isInterrupted());
            pool.shutdownNow();
        }
    }

    /** Whether this JVM's heap was set by hand ({@code -Xmx}, {@code -XX:MaxHeapSize}): then it bounds a plan's memory. */
    static final boolean HEAP_SET_BY_HAND = java.lang.management.ManagementFactory.getRuntimeMXBean()
            .getInputArguments().stream().anyMatch(a -> a.startsWith("-Xmx") || a.startsWith("-XX:MaxHeapSize="));

    /**
     * Refuses, before any replay, a workload beyond {@link PlanLimits#MAX_PODS}, a plan whose replays would take more
     * steps than {@link #maxWork(long)} allows, and one whose replays would not fit in this JVM's heap or, unless the
     * heap was set by hand, in {@link PlanLimits#HEAP_BUDGET} (the estimate and the limit are in the message).
     *
     * @return the plan's work estimate, in replay steps ({@link PlanLimits#work})
     * @throws IllegalArgumentException naming the limit
     */
    public long check(Plan plan, Workload workload) {
        if (workload.pods().size() > PlanLimits.MAX_PODS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "the workload has %,d pods; a plan "
                    + "replays at most %,d", workload.pods().size(), PlanLimits.MAX_PODS));
        }
        BitSet none = new BitSet();
        java.util.function.ToIntFunction<Candidate> workers =
                c -> c.minimize() ? WorkerSearch.lowerBound(c, workload, none, catalog) : c.workers();
        java.util.function.ToIntFunction<Candidate> need = c -> WorkerSearch.lowerBound(c, workload, none, catalog);
        PlanLimits.checkWork(plan, workload, maxWork, workers, need);
        PlanLimits.checkMemory(plan, workload, threads, Runtime.getRuntime().maxMemory(), HEAP_SET_BY_HAND, workers);
        return PlanLimits.work(plan, workload, workers, need);
    }

    /**
     * Candidate indexes by expected cost, highest first: a searched candidate (several replays) before a fixed one,
     * then by cards (a replay's filter work grows with the cards). Ties keep plan order.
     */
    static List<Integer> longestFirst(List<Candidate> cs) {
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < cs.size(); k++) {
            order.add(k);
        }
        order.sort(java.util.Comparator.<Integer, Boolean>comparing(k -> !cs.get(k).minimize())
                .thenComparing(k -> -(long) cs.get(k).workers() * cs.get(k).cardsPerWorker()));
        return order;
    }

    private CandidateResult candidate(Plan plan, Candidate c, Workload w, PlanProgress progress,
                                      AtomicBoolean cancelled, int hint, WorkMeter meter, String where) {
        long start = System.nanoTime();
        Map<String, List<Integer>> unfitByReason = Fit.neverFit(w, c, catalog);
        BitSet unfit = new BitSet(w.pods().size());
        List<Fit.NeverFit> neverFit = new ArrayList<>();
        unfitByReason.forEach((why, pods) -> {
            pods.forEach(unfit::set);
            neverFit.add(new Fit.NeverFit(pods.size(), why));
        });
        int total = Math.max(1, w.events().size());
        int[] replays = {0};
        java.util.function.BiFunction<Integer, Boolean, Replay.Result> replay = (n, early) -> {
            int k = ++replays[0];
            int every = Math.max(1, total / 50);
            return Replay.run(plan.name(), c, n, w, catalog, unfit, early, cancelled, done -> {
                if (done % every == 0) {
                    progress.replay(c.name(), k, (double) done / total);
                }
            }, setting, meter.at(where + ", replay " + k + " (" + Counts.of(n, "worker") + ")"));
        };
        Replay.Result r;
        Integer min = null;
        String note = "";
        List<SearchStep> steps = List.of();
        int bound = 0;
        if (c.minimize()) {
            boolean noDepartures = w.events().stream().noneMatch(e -> e instanceof Arrival.Delete);
            WorkerSearch.Outcome o = WorkerSearch.search(c, w, unfit, catalog, noDepartures, hint, replay);
            r = o.best();
            min = o.minWorkers();
            note = o.note();
            steps = o.steps();
            bound = o.lowerBound();
        } else {
            r = replay.apply(c.workers(), false);
        }
        progress.done(c.name());
        Double perWorker = c.workerPrice();
        ControlPlaneCost cp = c.controlPlanes() == null ? null
                : controlPlanes.computeIfAbsent(c, ControlPlaneCost::of);
        Double cost = perWorker == null ? null : perWorker * r.workers()
                + (cp == null || cp.perPeriod() == null ? 0 : cp.perPeriod());
        Double perPod = cost == null || r.placed() == 0 ? null : cost / r.placed();
        return new CandidateResult(c, r.workers(), r.workers() * c.cardsPerWorker(), r.placed(), r.pending(),
                r.pendingByReason(), r.curve(), r.metrics(), r.heat(), min, replays[0], note, cost, perPod,
                neverFit, (System.nanoTime() - start) / 1_000_000, steps, bound, cp);
    }

    /** Per group of pods no candidate runs, the cheapest catalog card that would. */
    private List<NeverFitSuggestion> suggestions(Plan plan, Workload w, List<Fit.NeverFit> nowhere) {
        List<NeverFitSuggestion> out = new ArrayList<>();
        for (Fit.NeverFit n : nowhere) {
            PlanPod first = w.pods().stream().filter(p -> n.reason().equals(nowhereReason(plan, p))).findFirst()
                    .orElseThrow();
            out.add(NeverFitSuggestion.of(n, first, plan, catalog));
        }
        return out;
    }

    /** Pods that fit on no candidate, grouped by what they need. */
    private List<Fit.NeverFit> nowhere(Plan plan, Workload w) {
        Map<String, Integer> out = new LinkedHashMap<>();
        Map<String, String> memo = new java.util.HashMap<>();
        for (PlanPod p : w.pods()) {
            String shape = p.cards() + "|" + p.memMB() + "|" + p.cores() + "|" + p.memPct() + "|" + p.cpuMilli() + "|"
                    + p.memoryMiB() + "|" + p.types();
            String why = memo.computeIfAbsent(shape, s -> nowhereReason(plan, p));
            if (!why.isEmpty()) {
                out.merge(why, 1, Integer::sum);
            }
        }
        List<Fit.NeverFit> list = new ArrayList<>();
        out.forEach((why, n) -> list.add(new Fit.NeverFit(n, why)));
        return list;
    }

    private String nowhereReason(Plan plan, PlanPod p) {
        Map<String, List<String>> whys = new LinkedHashMap<>();
        for (Candidate c : plan.candidates()) {
            String why = Fit.why(p, c, catalog);
            if (why == null) {
                return "";
            }
            whys.computeIfAbsent(why, k -> new ArrayList<>()).add(c.name());
        }
        if (!p.models().isEmpty()
                && whys.keySet().stream().allMatch(s -> s.endsWith("no card of this candidate matches"))) {
            return "need " + String.join(" or ", p.models()) + ", no candidate card matches";
        }
        if (whys.size() == 1) {
            return whys.keySet().iterator().next().replace("a worker has", "every candidate's worker has");
        }
        List<String> named = new ArrayList<>();
        whys.forEach((why, names) -> named.add(Fit.naming(why, names)));
        return "fit on no candidate (" + String.join("; ", named) + ")";
    }
}
