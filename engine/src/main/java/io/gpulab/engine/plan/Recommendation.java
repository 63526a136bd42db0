package io.gpulab.engine.plan;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one sentence a buyer can sign: the candidate that ranks first under the plan's objectives taken in
 * order, its workers, cards and cost (over the plan's term when one is stated), what it leaves unplaced and
 * why it wins. A tie under the first objective is stated, with the objective that broke it (or none).
 *
 * @param candidate  the recommended candidate
 * @param sentence   the sentence
 * @param decidedBy  the objective that set it apart from the runner-up, or {@code null} when nothing did
 * @param tiedWith   candidates tied with it under the first objective
 * @param tieBrokenBy the objective that broke that tie, or {@code null} (no tie, or not broken)
 */
public record Recommendation(String candidate, String sentence, Plan.@Nullable Objective decidedBy,
                             List<String> tiedWith, Plan.@Nullable Objective tieBrokenBy) {

    public Recommendation {
        tiedWith = List.copyOf(tiedWith);
    }

    /** Only the winner's name, as the sensitivity replays count wins. */
    static String winner(List<Plan.Objective> order, List<CandidateResult> results, List<Fit.NeverFit> nowhere) {
        return new Ranking(order, results, nowhere).ranked(results).get(0).name();
    }

    static Recommendation of(Plan plan, Workload w, List<CandidateResult> results, List<Fit.NeverFit> nowhere) {
        Ranking rank = new Ranking(plan.objectives(), results, nowhere);
        List<CandidateResult> ranked = rank.ranked(results);
        CandidateResult win = ranked.get(0);
        List<Plan.Objective> order = plan.objectives();
        Plan.Objective first = order.get(0);
        List<CandidateResult> tied = new ArrayList<>(ranked.subList(1, ranked.size()).stream()
                .filter(r -> rank.compare(first, win, r) == 0).toList());
        List<String> tiedNames = tied.stream().map(CandidateResult::name).toList();
        Plan.Objective brokeBy = null;
        CandidateResult other = ranked.size() > 1 ? ranked.get(1) : null;
        List<CandidateResult> left = tied;
        for (int i = 1; i < order.size() && !left.isEmpty(); i++) {
            Plan.Objective o = order.get(i);
            List<CandidateResult> still = left.stream().filter(r -> rank.compare(o, win, r) == 0).toList();
            if (still.isEmpty()) {
                brokeBy = o;
                other = left.get(0);
            }
            left = still;
        }
        Plan.Objective decided = tied.isEmpty() ? (other == null ? null : first) : brokeBy;
        StringBuilder s = new StringBuilder("Recommendation: ").append(win.name()).append(", ")
                .append(workers(win.workers())).append(" with ").append(Counts.of(win.cards(), "card")).append(" (")
                .append(win.candidate().shape()).append(" each)");
        Prices p = win.candidate().prices();
        if (win.cost() != null) {
            ControlPlaneCost cp = win.controlPlanes();
            String control = cp == null || cp.perPeriod() == null ? ""
                    : ", of which " + p.amount(cp.perPeriod()) + " for its control planes";
            s.append(p.term() == null ? ", " + p.perPeriod(win.cost()) + control + " (no term stated: prices.term)"
                    : ", " + p.amount(win.cost() * p.term()) + " over " + p.termWords() + " ("
                    + p.perPeriod(win.cost()) + control + ")");
        }
        s.append(", places ").append(fmt(win.placed())).append(" of ").append(Counts.of(w.pods().size(), "pod"));
        s.append(unplaced(win, nowhere));
        if (!win.runsControlPlanes()) {
            s.append("; but ").append(controlPlanesShort(win)).append(", so ").append(beyond(win))
                    .append(" (kube-scheduler: ").append(win.controlPlanes().management().limit()).append(")");
        }
        s.append(". ");
        if (decided == null && tied.isEmpty()) {
            s.append("It is the only candidate.");
        } else if (tied.isEmpty()) {
            s.append("It wins on ").append(label(first)).append(": ").append(why(first, win, other, rank)).append('.');
        } else {
            // one parenthesis per objective, its key as the plan spells it: "(placeAll) (96 cards each)" and
            // "the plan's next objective workers" read as a code dump to a buyer
            s.append("It ties with ").append(String.join(" and ", tiedNames)).append(" on ").append(label(first))
                    .append(", with ").append(figure(first, win, rank)).append(" each");
            if (brokeBy != null) {
                s.append("; the plan's next objective, ").append(label(brokeBy)).append(", breaks the tie: ")
                        .append(why(brokeBy, win, other, rank)).append('.');
            } else {
                s.append("; none of the plan's objectives breaks the tie (").append(String.join(", then ",
                        order.stream().map(Recommendation::words).toList()))
                        .append("), so the candidate listed first in the plan is named.");
            }
        }
        boolean anyPriced = results.stream().anyMatch(r -> r.cost() != null);
        boolean allPriced = results.stream().allMatch(r -> r.cost() != null);
        if (!anyPriced) {
            s.append(" No cost conclusion is possible: the plan states no prices (prices.cards per card model, "
                    + "prices.worker per worker; gpulab has none built in), so candidates are compared by cards and "
                    + "workers, not by what they cost.");
        } else if (!allPriced) {
            s.append(" Not every candidate is priced, so cost decides nothing here.");
        }
        return new Recommendation(win.name(), s.toString(), decided, tiedNames, brokeBy);
    }

    private static String unplaced(CandidateResult win, List<Fit.NeverFit> nowhere) {
        if (win.pending() == 0) {
            return " and leaves none unplaced";
        }
        int anywhere = Math.min(nowhere.stream().mapToInt(Fit.NeverFit::pods).sum(), win.neverFitPods());
        int own = win.neverFitPods() - anywhere;
        int room = win.pending() - win.neverFitPods();
        List<String> parts = new ArrayList<>();
        if (anywhere > 0) {
            parts.add(fmt(anywhere) + " that no candidate can run");
        }
        if (own > 0) {
            parts.add(fmt(own) + " that fit none of its cards but another candidate's");
        }
        if (room > 0) {
            parts.add(fmt(room) + " pending for lack of room at this count");
        }
        return " and leaves " + fmt(win.pending()) + " unplaced (" + String.join(", ", parts) + ")";
    }

    static String label(Plan.Objective o) {
        return switch (o) {
            case PLACE_ALL -> "placing everything (" + o.key() + ")";
            case COST_PER_POD -> "cost per placed pod (" + o.key() + ")";
            case ALLOCATION -> "GPU compute allocation (" + o.key() + ")";
            case STRANDED -> "stranded GPU memory and compute (" + o.key() + ")";
            case WORKERS -> "fewest workers (" + o.key() + ")";
        };
    }

    /** {@code o} in a buyer's words, without its key: "fewest workers". */
    static String words(Plan.Objective o) {
        String l = label(o);
        return l.substring(0, l.indexOf(" ("));
    }

    /** The winner's figure under {@code o}, as the tie is stated. */
    private static String figure(Plan.Objective o, CandidateResult r, Ranking rank) {
        return switch (o) {
            case PLACE_ALL -> !rank.places(r) ? fmt(r.placed()) + " placed"
                    : rank.priced() ? r.candidate().prices().perPeriod(r.cost()) : Counts.of(r.cards(), "card");
            case COST_PER_POD -> r.costPerPlacedPod() == null ? "not priced"
                    : r.candidate().prices().amount(r.costPerPlacedPod()) + " per placed pod";
            case ALLOCATION -> pct(r.gpuAllocationPct()) + " of GPU compute";
            case STRANDED -> pct(r.strandedMemoryPct()) + " of GPU memory and " + pct(r.strandedComputePct())
                    + " of compute stranded";
            case WORKERS -> workers(r.workers());
        };
    }

    private static String why(Plan.Objective o, CandidateResult win, CandidateResult other, Ranking rank) {
        String against = " against " + other.name() + "'s " + figure(o, other, rank);
        return switch (o) {
            case PLACE_ALL -> {
                if (rank.places(win) && !other.runsControlPlanes()) {
                    yield "it places every pod " + (rank.strict() ? "that a candidate can run" : "that fits its cards")
                            + " and runs every tenant's control plane; " + other.name() + "'s "
                            + controlPlanesShort(other).substring("its ".length()) + ", so " + beyond(other);
                }
                if (!rank.places(win) && win.runsControlPlanes() && !other.runsControlPlanes()) {
                    yield "no candidate places everything; it runs every tenant's control plane and places "
                            + fmt(win.placed()) + ", " + other.name() + "'s "
                            + controlPlanesShort(other).substring("its ".length()) + ", so " + beyond(other);
                }
                if (rank.places(win) && !rank.places(other)) {
                    yield rank.strict() ? "it places every pod that a candidate can run; " + other.name() + " leaves "
                            + fmt(other.pending()) + " unplaced"
                            : "no candidate places every pod that another can run; it places all that fits its "
                            + "cards, " + other.name() + " does not";
                }
                if (!rank.places(win)) {
                    yield "no candidate places everything; it places the most, " + fmt(win.placed()) + against;
                }
                // "everything" with pods no candidate runs read as a contradiction of the unplaced count before it
                String all = win.neverFitPods() == 0 ? "everything" : rank.strict() ? "every pod a candidate can run"
                        : "every pod that fits their cards";
                yield (rank.priced() ? "the lowest cost of those that place " + all + ", " : "the fewest cards of "
                        + "those that place " + all + " (no prices given), ") + figure(o, win, rank) + against;
            }
            case COST_PER_POD -> "the lowest cost per placed pod, " + figure(o, win, rank) + against;
            case ALLOCATION -> "the highest GPU compute allocation, " + figure(o, win, rank) + against;
            case STRANDED -> "the least stranded capacity, " + figure(o, win, rank) + against;
            case WORKERS -> rank.places(win) && !rank.places(other)
                    ? "it places everything with " + workers(win.workers()) + "; " + other.name()
                    + (other.runsControlPlanes() ? " does not place everything" : "'s "
                    + controlPlanesShort(other).substring("its ".length()))
                    : "the fewest workers, " + figure(o, win, rank) + against;
        };
    }

    /**
     * e.g. "its management cluster holds only 4 of its 5 tenants' control planes" (for a candidate whose management
     * cluster does not hold them all).
     */
    static String controlPlanesShort(CandidateResult r) {
        ControlPlaneCost cp = r.controlPlanes();
        int fit = cp.management().fit();
        return "its management cluster holds " + (fit == 0 ? "none" : "only " + fmt(fit)) + " of its "
                + fmt(cp.tenants()) + (cp.tenants() == 1 ? " tenant's control plane" : " tenants' control planes");
    }

    /** e.g. "1 tenant has no API server to run its pods" (the tenants beyond the management cluster's fit). */
    static String beyond(CandidateResult r) {
        ControlPlaneCost cp = r.controlPlanes();
        int k = cp.tenants() - cp.management().fit();
        return fmt(k) + (k == 1 ? " tenant has no API server to run its pods"
                : " tenants have no API server to run their pods");
    }

    static String workers(int n) {
        return Counts.of(n, "worker");
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }

    static String fmt(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }
}
