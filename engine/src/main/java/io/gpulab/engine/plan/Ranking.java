package io.gpulab.engine.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How candidates compare under each objective, at the precision the answer prints (cost to the cent,
 * percentages to 0.1): two figures that print the same are a tie, and the next objective in the plan's order
 * breaks it. One ranking for the recommendation, the per-objective lines and every sensitivity replay.
 */
final class Ranking {

    private final List<Plan.Objective> order;
    /**
     * Candidates that place every pod some candidate can run (or, when none does, all that fits their cards) and
     * whose management cluster holds every tenant's control plane.
     */
    private final Set<String> placing;
    /** Whether {@link #placing} had to fall back to "all that fits their own cards". */
    private final boolean strict;
    /** Whether every candidate placing all is priced: then placeAll compares cost, else cards. */
    private final boolean priced;

    Ranking(List<Plan.Objective> order, List<CandidateResult> results, List<Fit.NeverFit> nowhere) {
        this.order = List.copyOf(order);
        int anywhere = nowhere.stream().mapToInt(Fit.NeverFit::pods).sum();
        List<CandidateResult> all = results.stream()
                .filter(r -> r.placesAllThatFit() && r.runsControlPlanes() && r.neverFitPods() <= anywhere).toList();
        this.strict = !all.isEmpty();
        if (all.isEmpty()) {
            all = results.stream().filter(r -> r.placesAllThatFit() && r.runsControlPlanes()).toList();
        }
        this.placing = all.stream().map(CandidateResult::name).collect(Collectors.toUnmodifiableSet());
        this.priced = !all.isEmpty() && all.stream().allMatch(r -> r.cost() != null);
    }

    boolean places(CandidateResult r) {
        return placing.contains(r.name());
    }

    /** Some candidate places every pod that any candidate can run. */
    boolean strict() {
        return strict;
    }

    boolean priced() {
        return priced;
    }

    List<Plan.Objective> order() {
        return order;
    }

    /** Negative when {@code a} is better under {@code o}, 0 for a tie (or figures that cannot be compared). */
    int compare(Plan.Objective o, CandidateResult a, CandidateResult b) {
        return switch (o) {
            case PLACE_ALL -> {
                if (places(a) != places(b)) {
                    yield places(a) ? -1 : 1;
                }
                if (!places(a)) {
                    // a tenant without a control plane runs nothing at all: that weighs more than pods pending
                    if (a.runsControlPlanes() != b.runsControlPlanes()) {
                        yield a.runsControlPlanes() ? -1 : 1;
                    }
                    yield Integer.compare(b.placed(), a.placed());
                }
                yield priced ? Long.compare(cents(a.cost()), cents(b.cost())) : Integer.compare(a.cards(), b.cards());
            }
            case COST_PER_POD -> a.costPerPlacedPod() == null || b.costPerPlacedPod() == null ? 0
                    : Long.compare(cents(a.costPerPlacedPod()), cents(b.costPerPlacedPod()));
            case ALLOCATION -> Long.compare(tenths(b.gpuAllocationPct()), tenths(a.gpuAllocationPct()));
            case STRANDED -> Long.compare(tenths(a.strandedMemoryPct() + a.strandedComputePct()),
                    tenths(b.strandedMemoryPct() + b.strandedComputePct()));
            case WORKERS -> places(a) != places(b) ? (places(a) ? -1 : 1) : Integer.compare(a.workers(), b.workers());
        };
    }

    /** All objectives in the plan's order; plan order last (a stable sort keeps it). */
    Comparator<CandidateResult> comparator() {
        return (a, b) -> {
            for (Plan.Objective o : order) {
                int c = compare(o, a, b);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }

    /** The results best first under the plan's objective order. */
    List<CandidateResult> ranked(List<CandidateResult> results) {
        List<CandidateResult> out = new ArrayList<>(results);
        out.sort(comparator());
        return out;
    }

    /** The candidates tied for best under one objective, in plan order. */
    List<CandidateResult> best(Plan.Objective o, List<CandidateResult> among) {
        CandidateResult top = among.stream().min((a, b) -> compare(o, a, b)).orElseThrow();
        return among.stream().filter(r -> compare(o, r, top) == 0).toList();
    }

    private static long cents(Double v) {
        return v == null ? Long.MAX_VALUE : Math.round(v * 100);
    }

    private static long tenths(double v) {
        return Math.round(v * 10);
    }
}
