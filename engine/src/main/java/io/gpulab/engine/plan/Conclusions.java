package io.gpulab.engine.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * One plain sentence per objective, naming the candidate and the figure that decided it; a tie at the printed
 * precision names every tied candidate (the recommendation breaks it by the plan's objective order).
 */
final class Conclusions {

    private Conclusions() {
    }

    /** The answer: the recommendation, then the pods no candidate runs (with a suggestion), then the objectives. */
    static List<String> answer(Recommendation rec, List<NeverFitSuggestion> nowhere, List<String> objectives) {
        List<String> out = new ArrayList<>();
        out.add(rec.sentence());
        nowhere.forEach(n -> out.add(n.sentence()));
        out.addAll(objectives);
        return out;
    }

    static List<String> of(Plan plan, List<CandidateResult> results, List<Fit.NeverFit> nowhere) {
        Ranking rank = new Ranking(plan.objectives(), results, nowhere);
        List<String> out = new ArrayList<>();
        for (Plan.Objective o : plan.objectives()) {
            out.add(capitalised(switch (o) {
                case PLACE_ALL -> placeAll(results, rank) + withoutControlPlanes(results);
                case COST_PER_POD -> costPerPod(results, rank);
                case ALLOCATION -> {
                    List<CandidateResult> best = rank.best(o, results);
                    CandidateResult r = best.get(0);
                    yield "highest GPU compute allocation: " + names(best) + ", " + pct(r.gpuAllocationPct())
                            + " of " + (best.size() == 1 ? "its" : "their") + " GPU compute booked"
                            + (best.size() == 1 ? " (GPU memory " + pct(r.metrics().gpuMemory().pct())
                            + ", sharing slots " + pct(r.metrics().gpuSlots().pct()) + ") with " + Recommendation.workers(r.workers())
                            + "." : " each" + quantities(best) + ".");
                }
                case STRANDED -> {
                    List<CandidateResult> best = rank.best(o, results);
                    CandidateResult r = best.get(0);
                    yield "least stranded capacity: " + names(best) + (best.size() == 1 ? ", " : ", each with ")
                            + pct(r.strandedMemoryPct()) + " of GPU memory and " + pct(r.strandedComputePct())
                            + " of compute left on cards that cannot take another pod.";
                }
                case WORKERS -> workers(results, rank) + withoutControlPlanes(results);
            }));
        }
        return out;
    }

    /** "h100" or "a tie between h100 and l40s" (the recommendation says which objective breaks it). */
    private static String names(List<CandidateResult> best) {
        if (best.size() == 1) {
            return best.get(0).name();
        }
        List<String> n = best.stream().map(CandidateResult::name).toList();
        return "a tie between " + String.join(", ", n.subList(0, n.size() - 1)) + " and " + n.get(n.size() - 1);
    }

    /** Tied candidates' GPU memory and slots, which the tie on compute does not show. */
    private static String quantities(List<CandidateResult> best) {
        List<String> parts = new ArrayList<>();
        for (CandidateResult r : best) {
            parts.add(r.name() + " GPU memory " + pct(r.metrics().gpuMemory().pct()) + ", slots "
                    + pct(r.metrics().gpuSlots().pct()));
        }
        return " (" + String.join("; ", parts) + ")";
    }

    private static String placeAll(List<CandidateResult> results, Ranking rank) {
        List<CandidateResult> all = results.stream().filter(rank::places).toList();
        if (all.isEmpty()) {
            List<CandidateResult> most = rank.best(Plan.Objective.PLACE_ALL, results);
            CandidateResult m = most.get(0);
            return "no candidate places everything: most placed is " + names(most) + ", " + Counts.of(m.placed(), "pod")
                    + (most.size() == 1 ? " with " + Recommendation.workers(m.workers()) + " ("
                    + fmt(m.pending()) + " pending)"
                    : " each") + ".";
        }
        List<CandidateResult> best = rank.best(Plan.Objective.PLACE_ALL, all);
        CandidateResult b = best.get(0);
        String each = best.size() == 1 ? "" : " each";
        // "workers", not "cards": openb's never-fit pods ask more CPU or memory than a worker has, on any card
        String unfit = best.size() == 1 && b.neverFitPods() > 0 ? " (" + Counts.of(b.neverFitPods(), "pod")
                + (b.neverFitPods() == 1 ? " fits" : " fit") + " none of its workers)" : "";
        String figure = rank.priced() ? Recommendation.workers(b.workers()) + ", "
                + b.candidate().prices().perPeriod(b.cost())
                : Recommendation.workers(b.workers()) + ", " + Counts.of(b.cards(), "card");
        if (best.size() > 1) {
            figure = rank.priced() ? b.candidate().prices().perPeriod(b.cost()) : Counts.of(b.cards(), "card");
        }
        if (!rank.strict()) {
            return "no candidate places every pod that another candidate can run; of those that place all that fits "
                    + "their cards, the " + (rank.priced() ? "lowest cost" : "fewest cards") + ": " + names(best) + ", "
                    + figure + each + unfit + ".";
        }
        return rank.priced() ? "places everything at the lowest cost: " + names(best) + ", " + figure + each + unfit
                + "." : "places everything with the fewest cards: " + names(best) + ", " + figure + each + unfit
                + " (no prices given).";
    }

    private static String costPerPod(List<CandidateResult> results, Ranking rank) {
        List<CandidateResult> priced = results.stream().filter(r -> r.costPerPlacedPod() != null).toList();
        if (priced.isEmpty()) {
            return "no prices given, so cost per placed pod is not compared.";
        }
        List<CandidateResult> best = rank.best(Plan.Objective.COST_PER_POD, priced);
        CandidateResult b = best.get(0);
        Prices p = b.candidate().prices();
        return "lowest cost per placed pod: " + names(best) + ", " + p.amount(b.costPerPlacedPod()) + " per pod"
                + (p.period().isEmpty() ? "" : " per " + p.period())
                + (best.size() == 1 ? " (" + Recommendation.fmt(b.placed()) + " placed)." : " each.");
    }

    private static String workers(List<CandidateResult> results, Ranking rank) {
        List<CandidateResult> all = results.stream().filter(rank::places).toList();
        if (all.isEmpty() || !rank.strict()) {
            return "no candidate places everything, so no worker count is enough.";
        }
        List<CandidateResult> best = rank.best(Plan.Objective.WORKERS, all);
        CandidateResult b = best.get(0);
        return "fewest workers that place everything: " + names(best) + ", " + Recommendation.workers(b.workers())
                + (best.size() == 1 ? " (" + Counts.of(b.cards(), "card") + ")." : " each.");
    }

    /**
     * Candidates that do not place everything because their management cluster cannot hold every tenant's control
     * plane, said where "everything" is decided (else a cheaper such candidate would vanish from the line unexplained).
     */
    private static String withoutControlPlanes(List<CandidateResult> results) {
        List<String> parts = results.stream().filter(r -> !r.runsControlPlanes())
                .map(r -> r.name() + "'s " + Recommendation.controlPlanesShort(r).substring("its ".length())).toList();
        return parts.isEmpty() ? "" : " Not counted as placing everything: " + String.join("; ", parts) + ".";
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String pct(double v) {
        return Recommendation.pct(v);
    }

    private static String fmt(long v) {
        return Recommendation.fmt(v);
    }
}
