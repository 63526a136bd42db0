package io.gpulab.engine.plan;

import java.util.List;

/**
 * A plan's answer.
 *
 * @param plan          the plan as read
 * @param workload      the workload as resolved
 * @param candidates    one result per candidate, in the plan's order
 * @param neverFitAnywhere pods that no candidate can run, by reason ("12 pods need H100-80GB, ...")
 * @param conclusions   one sentence per objective, in the plan's order
 * @param wallMs        wall time of the whole run
 */
public record PlanResult(Plan plan, Workload workload, List<CandidateResult> candidates,
                         List<Fit.NeverFit> neverFitAnywhere, List<String> conclusions, long wallMs) {

    public PlanResult {
        candidates = List.copyOf(candidates);
        neverFitAnywhere = List.copyOf(neverFitAnywhere);
        conclusions = List.copyOf(conclusions);
    }
}
