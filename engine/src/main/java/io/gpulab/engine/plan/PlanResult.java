package io.gpulab.engine.plan;

import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * A plan's answer.
 *
 * @param plan          the plan as read
 * @param workload      the workload as resolved
 * @param candidates    one result per candidate, in the plan's order
 * @param neverFitAnywhere pods that no candidate can run, by reason ("12 pods need H100-80GB, ...")
 * @param recommendation the sentence a buyer can sign, and how it was decided
 * @param suggestions   per group of pods no candidate runs, the cheapest catalog card that would run them
 * @param objectives    one sentence per objective, in the plan's order
 * @param sensitivity   the replays under other arrival orders and growth, or {@code null} when not asked
 * @param wallMs        wall time of the whole run
 */
public record PlanResult(Plan plan, Workload workload, List<CandidateResult> candidates,
                         List<Fit.NeverFit> neverFitAnywhere, Recommendation recommendation,
                         List<NeverFitSuggestion> suggestions, List<String> objectives,
                         @Nullable SensitivityResult sensitivity, long wallMs) {

    public PlanResult {
        candidates = List.copyOf(candidates);
        neverFitAnywhere = List.copyOf(neverFitAnywhere);
        suggestions = List.copyOf(suggestions);
        objectives = List.copyOf(objectives);
    }

    /**
     * The answer in order: the recommendation, the pods no candidate runs, one sentence per objective, then one per
     * candidate that states its control planes.
     */
    public List<String> conclusions() {
        List<String> out = new java.util.ArrayList<>(Conclusions.answer(recommendation, suggestions, objectives));
        out.addAll(controlPlanes());
        return out;
    }

    /** One sentence per candidate that states its control planes, in plan order. */
    public List<String> controlPlanes() {
        return candidates.stream().filter(c -> c.controlPlanes() != null)
                .map(c -> c.controlPlanes().sentence(c.name(), c.candidate().prices())).toList();
    }
}
