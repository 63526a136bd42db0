package io.gpulab.engine.plan;

import java.util.List;
import java.util.Optional;

/**
 * Charts with nothing to show: when every bar would be 0, the Plan view and the decision report say "none" in one
 * sentence instead of drawing an empty frame (a reader cannot tell bars of 0 from a chart that failed to draw).
 * One decision for both, from the same figures the bars would show.
 */
public final class EmptyCharts {

    private EmptyCharts() {
    }

    /** "Stranded at the end: none. ..." when no candidate strands GPU memory or compute; else empty. */
    public static Optional<String> stranded(List<CandidateResult> candidates) {
        boolean none = !candidates.isEmpty() && candidates.stream()
                .allMatch(c -> c.strandedMemoryPct() == 0 && c.strandedComputePct() == 0);
        return none ? Optional.of("Stranded at the end: none. " + (candidates.size() == 1 ? candidates.get(0).name()
                + " leaves" : "No candidate leaves") + " GPU memory on cards whose compute or sharing slots are "
                + "exhausted, or GPU compute on cards whose memory or slots are exhausted (0.0 % of each).")
                : Optional.empty();
    }

    /** "Booked at the end: none. ..." when no candidate has any GPU memory, compute or slot booked; else empty. */
    public static Optional<String> booked(List<CandidateResult> candidates) {
        boolean none = !candidates.isEmpty() && candidates.stream().allMatch(c -> c.metrics().gpuMemory().pct() == 0
                && c.metrics().gpuCompute().pct() == 0 && c.metrics().gpuSlots().pct() == 0);
        return none ? Optional.of("Booked at the end: none. " + (candidates.size() == 1 ? candidates.get(0).name()
                + " has" : "No candidate has") + " GPU memory, GPU compute or sharing slots booked at the end "
                + "(0.0 % of each).") : Optional.empty();
    }
}
