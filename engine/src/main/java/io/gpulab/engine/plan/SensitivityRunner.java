package io.gpulab.engine.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The robustness replays of a plan: every candidate under every seeded arrival order at every growth step,
 * as independent tasks on every core (each replay has its own lab). Each order's winner is ranked exactly as
 * the recommendation is; a searched candidate starts from the base answer (scaled by the growth), so a stable
 * answer costs two replays, the count and the count below it.
 */
final class SensitivityRunner {

    /** One candidate's replay under one order: what the tasks return. */
    interface CandidateReplay {
        /** @param where the order and growth step, as a stop past the work bound names them */
        CandidateResult run(Candidate c, Workload w, int hint, String where);
    }

    private SensitivityRunner() {
    }

    static SensitivityResult run(Plan plan, Workload base, List<CandidateResult> baseResults, int threads,
                                 CandidateReplay replay, java.util.function.Function<Workload, List<Fit.NeverFit>> nowhere,
                                 PlanProgress progress, AtomicBoolean cancelled) {
        SensitivitySpec spec = plan.sensitivity();
        long start = System.nanoTime();
        List<Candidate> cs = plan.candidates();
        int total = spec.growth().size() * spec.orders() * cs.size();
        AtomicInteger done = new AtomicInteger();
        progress.sensitivity(0, total);
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, total)), r -> {
            Thread t = new Thread(r, "plan-sensitivity");
            t.setDaemon(true);
            return t;
        });
        try {
            List<List<List<Future<CandidateResult>>>> futures = new ArrayList<>();
            List<Workload> grown = new ArrayList<>();
            for (int g : spec.growth()) {
                Workload wg = WorkloadVariants.grown(base, g);
                grown.add(wg);
                List<List<Future<CandidateResult>>> orders = new ArrayList<>();
                for (int k = 0; k < spec.orders(); k++) {
                    Workload wk = WorkloadVariants.reordered(wg, spec.seedOf(k));
                    List<Future<CandidateResult>> perCandidate = new ArrayList<>();
                    String where = "arrival order " + (k + 1) + " of " + spec.orders() + (g == 0 ? "" : ", grown " + g
                            + " %");
                    for (int i = 0; i < cs.size(); i++) {
                        Candidate c = cs.get(i);
                        Integer min = baseResults.get(i).minWorkers();
                        int hint = min == null ? 0 : (int) Math.ceil(min * (1 + g / 100.0) - 1e-9);
                        perCandidate.add(pool.submit(() -> {
                            CandidateResult r = replay.run(c, wk, hint, where);
                            progress.sensitivity(done.incrementAndGet(), total);
                            return r;
                        }));
                    }
                    orders.add(perCandidate);
                }
                futures.add(orders);
            }
            List<SensitivityResult.Step> steps = new ArrayList<>();
            int replays = 0;
            for (int gi = 0; gi < spec.growth().size(); gi++) {
                List<Fit.NeverFit> nowhereHere = nowhere.apply(grown.get(gi));
                List<String> winners = new ArrayList<>();
                List<List<CandidateResult>> byCandidate = new ArrayList<>();
                cs.forEach(c -> byCandidate.add(new ArrayList<>()));
                for (List<Future<CandidateResult>> order : futures.get(gi)) {
                    List<CandidateResult> results = new ArrayList<>();
                    for (Future<CandidateResult> f : order) {
                        results.add(ReplayFutures.await(f, cancelled));
                    }
                    winners.add(Recommendation.winner(plan.objectives(), results, nowhereHere));
                    for (int i = 0; i < results.size(); i++) {
                        CandidateResult r = results.get(i);
                        // only the figures are kept: a large fleet's heat maps and curves need not outlive the order
                        byCandidate.get(i).add(r);
                        replays += r.replays();
                    }
                }
                List<SensitivityResult.Spread> spreads = new ArrayList<>();
                for (int i = 0; i < cs.size(); i++) {
                    spreads.add(spread(cs.get(i), byCandidate.get(i)));
                }
                steps.add(new SensitivityResult.Step(spec.growth().get(gi), grown.get(gi).pods().size(), winners,
                        spreads));
            }
            return new SensitivityResult(spec, steps, replays, Math.min(threads, total),
                    (System.nanoTime() - start) / 1_000_000);
        } finally {
            pool.shutdownNow();
        }
    }

    private static SensitivityResult.Spread spread(Candidate c, List<CandidateResult> rs) {
        List<Double> workers = new ArrayList<>();
        List<Double> cost = new ArrayList<>();
        List<Double> pending = new ArrayList<>();
        int notFound = 0;
        int replays = 0;
        for (CandidateResult r : rs) {
            workers.add((double) r.workers());
            if (r.cost() != null) {
                cost.add(r.cost());
            }
            pending.add((double) r.pending());
            notFound += c.minimize() && r.minWorkers() == null ? 1 : 0;
            replays += r.replays();
        }
        return new SensitivityResult.Spread(c.name(), c.minimize(), SensitivityResult.Stats.of(workers),
                cost.size() == rs.size() ? SensitivityResult.Stats.of(cost) : null,
                SensitivityResult.Stats.of(pending), notFound, replays);
    }
}
