package io.gpulab.engine.plan;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the answer moves under other arrival orders and demand growth (docs/plan-format.md, "Robustness").
 *
 * @param spec    what was asked: orders, growth steps, first seed
 * @param steps   one per growth step, in the plan's order
 * @param replays replays run in all (every candidate, order and growth step; a search counts each of its replays)
 * @param threads threads the replays ran on
 * @param wallMs  wall time of these replays
 */
public record SensitivityResult(SensitivitySpec spec, List<Step> steps, int replays, int threads, long wallMs) {

    public SensitivityResult {
        steps = List.copyOf(steps);
    }

    /**
     * One growth step.
     *
     * @param growthPct  demand added, percent
     * @param pods       pods in the grown workload
     * @param winners    the recommended candidate under each order, in seed order
     * @param candidates per candidate, the spread of its figures over the orders
     */
    public record Step(int growthPct, int pods, List<String> winners, List<Spread> candidates) {
        public Step {
            winners = List.copyOf(winners);
            candidates = List.copyOf(candidates);
        }

        /** How many orders each candidate wins, in plan order. */
        public int wins(String candidate) {
            return (int) winners.stream().filter(candidate::equals).count();
        }
    }

    /**
     * One candidate's figures over the orders of a step.
     *
     * @param name     the candidate
     * @param searched its worker count was searched ({@code minimize: workers}); else fixed
     * @param workers  the minimum workers found per order (searched) or the fixed count
     * @param cost     the cost per period at that count, or {@code null} when unpriced
     * @param pending  pods left pending at that count
     * @param notFound orders in which no count up to the search's bound placed everything (their largest tried
     *                 count is in {@code workers})
     * @param replays  replays run for this candidate at this step
     */
    public record Spread(String name, boolean searched, Stats workers, @Nullable Stats cost, Stats pending,
                         int notFound, int replays) { }

    /**
     * Order statistics by the nearest-rank method (the p-th percentile is the value at rank
     * {@code ceil(p / 100 × n)} of the n sorted values; the median is the 50th percentile, so the lower middle
     * value of an even count).
     */
    public record Stats(double min, double median, double p90, double max) {
        static Stats of(List<Double> values) {
            List<Double> v = new ArrayList<>(values);
            v.sort(Double::compare);
            return new Stats(v.get(0), rank(v, 50), rank(v, 90), v.get(v.size() - 1));
        }

        private static double rank(List<Double> sorted, int p) {
            int r = (int) Math.ceil(p / 100.0 * sorted.size());
            return sorted.get(Math.max(0, r - 1));
        }

        /** Whether every order gave the same value. */
        public boolean constant() {
            return min == max;
        }
    }

    /** The wins of every candidate at every step, for charts: step growth → candidate → wins. */
    public Map<Integer, Map<String, Integer>> winCounts() {
        Map<Integer, Map<String, Integer>> out = new java.util.LinkedHashMap<>();
        for (Step s : steps) {
            Map<String, Integer> m = new java.util.LinkedHashMap<>();
            s.candidates().forEach(c -> m.put(c.name(), s.wins(c.name())));
            out.put(s.growthPct(), m);
        }
        return out;
    }
}
