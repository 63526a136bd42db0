package io.gpulab.engine.plan;

import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.metrics.LabMetrics;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * One candidate's answer.
 *
 * @param candidate       the candidate as planned
 * @param workers         the worker count of the replay reported (the minimum found, under {@code minimize})
 * @param cards           GPU cards in that lab
 * @param placed          pods placed on cards
 * @param pending         pods not running at the end
 * @param pendingByReason those by reason
 * @param curve           allocation against arrived demand (docs/metrics.md)
 * @param metrics         the lab's metrics at the end: allocation, utilisation, stranded capacity
 * @param heat            every card's booking at the end (the heat map)
 * @param minWorkers      under {@code minimize: workers}, the smallest count that places everything that fits;
 *                        {@code null} when not asked or not found
 * @param replays         replays run for this candidate
 * @param searchNote      when a search did not converge or found nothing, why; else empty
 * @param cost            workers × the worker's price, or {@code null} when unpriced
 * @param costPerPlacedPod cost / placed, or {@code null}
 * @param neverFit        pods that cannot run on this candidate at all, by reason
 * @param wallMs          wall time of this candidate's replays
 * @param steps           under {@code minimize: workers}, every replay of the search in the order run; else empty
 * @param lowerBound      under {@code minimize: workers}, the capacity lower bound the search started from
 *                        (fewer workers cannot hold the demand by cards, slots, CPU or memory); else 0
 * @param controlPlanes   what its control planes take and cost, when the plan states them (their cost is part of
 *                        {@code cost}); else null
 */
public record CandidateResult(Candidate candidate, int workers, int cards, int placed, int pending,
                              Map<String, Integer> pendingByReason, List<AllocationCurve.Point> curve,
                              LabMetrics metrics, CardHeat heat, @Nullable Integer minWorkers,
                              int replays, String searchNote, @Nullable Double cost, @Nullable Double costPerPlacedPod,
                              List<Fit.NeverFit> neverFit, long wallMs, List<SearchStep> steps, int lowerBound,
                              @Nullable ControlPlaneCost controlPlanes) {

    public CandidateResult {
        steps = List.copyOf(steps);
        pendingByReason = Map.copyOf(pendingByReason);
        curve = List.copyOf(curve);
        neverFit = List.copyOf(neverFit);
    }

    public String name() {
        return candidate.name();
    }

    /** GPU allocation at the end, percent (FGD's definition, docs/metrics.md). */
    public double gpuAllocationPct() {
        return metrics.gpuAllocation().pct();
    }

    /** Stranded GPU memory as a percentage of all GPU memory. */
    public double strandedMemoryPct() {
        return pct(metrics.stranded().gpuMemoryMB(), metrics.gpuMemory().capacity());
    }

    /** Stranded GPU compute as a percentage of all GPU compute. */
    public double strandedComputePct() {
        return pct(metrics.stranded().gpuCores(), metrics.gpuCompute().capacity());
    }

    private static double pct(long part, long whole) {
        return whole <= 0 ? 0 : Math.round(10_000.0 * part / whole) / 100.0;
    }

    /** Pods that never fit this candidate. */
    public int neverFitPods() {
        return neverFit.stream().mapToInt(Fit.NeverFit::pods).sum();
    }

    /**
     * Whether the count below the minimum is known too small, and how: {@code replayed} when a replay at
     * {@code minWorkers - 1} failed, {@code bound} when it is below the capacity lower bound (not replayed),
     * empty when neither (a search that did not converge, or no minimum).
     */
    public String belowMinimumShown() {
        if (minWorkers == null) {
            return "";
        }
        int below = minWorkers - 1;
        if (steps.stream().anyMatch(s -> s.workers() == below && !s.placedAll())) {
            return "replayed";
        }
        return below < lowerBound ? "bound" : "";
    }

    /**
     * Whether every tenant's control plane has somewhere to run: true when the candidate states none, or dedicated
     * ones; under Kamaji, whether its management cluster holds them all by their requests. A tenant whose control
     * plane does not fit has no API server, so none of its pods could be created: such a candidate does not place
     * everything, whatever its replay placed (docs/plan-format.md, "The recommendation").
     */
    public boolean runsControlPlanes() {
        return controlPlanes == null || controlPlanes.holdsTenants();
    }

    /** Whether every pod that can fit this candidate was placed. */
    public boolean placesAllThatFit() {
        return pending <= neverFitPods();
    }
}
