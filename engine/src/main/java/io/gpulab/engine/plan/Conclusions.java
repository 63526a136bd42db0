package io.gpulab.engine.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** One plain sentence per objective, naming the candidate and the figure that decided it. */
final class Conclusions {

    private Conclusions() {
    }

    static List<String> of(Plan plan, List<CandidateResult> results, List<Fit.NeverFit> nowhere) {
        List<String> out = new ArrayList<>();
        for (Plan.Objective o : plan.objectives()) {
            out.add(capitalised(switch (o) {
                case PLACE_ALL -> placeAll(results, nowhere);
                case COST_PER_POD -> costPerPod(results);
                case ALLOCATION -> best(results, CandidateResult::gpuAllocationPct, true,
                        r -> "highest GPU allocation: " + r.name() + ", " + pct(r.gpuAllocationPct())
                                + " of its GPU capacity allocated with " + r.workers() + " workers.");
                case STRANDED -> best(results, r -> r.strandedMemoryPct() + r.strandedComputePct(),
                        false, r -> "least stranded capacity: " + r.name() + ", " + pct(r.strandedMemoryPct())
                                + " of GPU memory and " + pct(r.strandedComputePct())
                                + " of compute left on cards that cannot take another pod.");
                case WORKERS -> workers(results, nowhere);
            }));
        }
        for (Fit.NeverFit n : nowhere) {
            String why = n.pods() == 1 ? n.reason().replaceFirst("^need ", "needs ") : n.reason();
            out.add(n.pods() + (n.pods() == 1 ? " pod " : " pods ") + why + ": no candidate can run "
                    + (n.pods() == 1 ? "it." : "them."));
        }
        return out;
    }

    /**
     * The candidates that place everything: every pod but those no candidate can run. A candidate whose cards
     * cannot take pods that another candidate runs does not place everything, however cheap (when none does,
     * the candidates that place all that fits their own cards are compared, and the sentence says so).
     */
    private static List<CandidateResult> placingAll(List<CandidateResult> results, List<Fit.NeverFit> nowhere) {
        int anywhere = nowhere.stream().mapToInt(Fit.NeverFit::pods).sum();
        List<CandidateResult> all = results.stream()
                .filter(r -> r.placesAllThatFit() && r.neverFitPods() <= anywhere).toList();
        return all.isEmpty() ? results.stream().filter(CandidateResult::placesAllThatFit).toList() : all;
    }

    private static boolean strictly(List<CandidateResult> all, List<Fit.NeverFit> nowhere) {
        int anywhere = nowhere.stream().mapToInt(Fit.NeverFit::pods).sum();
        return all.stream().allMatch(r -> r.neverFitPods() <= anywhere);
    }

    private static String placeAll(List<CandidateResult> results, List<Fit.NeverFit> nowhere) {
        List<CandidateResult> all = placingAll(results, nowhere);
        if (all.isEmpty()) {
            CandidateResult most = results.stream().max(Comparator.comparingInt(CandidateResult::placed)).orElseThrow();
            return "no candidate places everything: most placed is " + most.name() + ", " + most.placed()
                    + " pods with "
                    + most.workers() + " workers (" + most.pending() + " pending).";
        }
        boolean priced = all.stream().allMatch(r -> r.cost() != null);
        CandidateResult best = priced
                ? all.stream().min(Comparator.comparingDouble(CandidateResult::cost)).orElseThrow()
                : all.stream().min(Comparator.comparingInt(CandidateResult::cards)).orElseThrow();
        String unfit = best.neverFitPods() > 0 ? " (" + best.neverFitPods() + " pods fit none of its cards)" : "";
        if (!strictly(all, nowhere)) {
            return (priced ? "no candidate places every pod that another candidate can run; of those that place all "
                    + "that fits their cards, the lowest cost: " + best.name() + ", " + best.workers() + " workers, "
                    + money(best.cost(), best.candidate().prices())
                    : "no candidate places every pod that another candidate can run; of those that place all that "
                    + "fits their cards, the fewest cards: " + best.name() + ", " + best.workers() + " workers, "
                    + best.cards() + " cards") + unfit + ".";
        }
        return priced ? "places everything at the lowest cost: " + best.name() + ", " + best.workers() + " workers, "
                + money(best.cost(), best.candidate().prices()) + unfit + "."
                : "places everything with the fewest cards: " + best.name() + ", " + best.workers() + " workers, "
                + best.cards() + " cards" + unfit + " (no prices given).";
    }

    private static String costPerPod(List<CandidateResult> results) {
        List<CandidateResult> priced = results.stream().filter(r -> r.costPerPlacedPod() != null).toList();
        if (priced.isEmpty()) {
            return "no prices given, so cost per placed pod is not compared.";
        }
        CandidateResult best = priced.stream().min(Comparator.comparingDouble(CandidateResult::costPerPlacedPod))
                .orElseThrow();
        Prices p = best.candidate().prices();
        return "lowest cost per placed pod: " + best.name() + ", " + money(best.costPerPlacedPod(),
                new Prices(p.currency(), "", p.cards(), p.worker())) + " per pod"
                + (p.period().isEmpty() ? "" : " per " + p.period()) + " (" + best.placed() + " placed).";
    }

    private static String workers(List<CandidateResult> results, List<Fit.NeverFit> nowhere) {
        List<CandidateResult> all = placingAll(results, nowhere);
        if (all.isEmpty() || !strictly(all, nowhere)) {
            return "no candidate places everything, so no worker count is enough.";
        }
        CandidateResult best = all.stream().min(Comparator.comparingInt(CandidateResult::workers)).orElseThrow();
        return "fewest workers that place everything: " + best.name() + ", " + best.workers() + " workers ("
                + best.cards() + " cards).";
    }

    private static String best(List<CandidateResult> results, ToDoubleFunction<CandidateResult> key, boolean highest,
                               java.util.function.Function<CandidateResult, String> sentence) {
        Comparator<CandidateResult> cmp = Comparator.comparingDouble(key);
        CandidateResult best = highest ? results.stream().max(cmp).orElseThrow() : results.stream().min(cmp)
                .orElseThrow();
        return sentence.apply(best);
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }

    static String money(double v, Prices p) {
        String amount = String.format(Locale.ROOT, "%,.2f", v);
        String per = p.period().isEmpty() ? "" : " per " + p.period();
        return (p.currency().isEmpty() ? amount : p.currency() + " " + amount) + per;
    }
}
