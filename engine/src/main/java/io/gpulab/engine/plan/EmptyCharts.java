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

    /**
     * "The curves of kamaji and dedicated coincide: ..." when two or more candidates' allocation curves are the same
     * points, so one is drawn over the other and a reader sees one colour where there are two; else empty.
     */
    public static Optional<String> coinciding(List<CandidateResult> candidates) {
        java.util.Map<List<io.gpulab.engine.metrics.AllocationCurve.Point>, List<String>> byCurve =
                new java.util.LinkedHashMap<>();
        for (CandidateResult c : candidates) {
            if (!c.curve().isEmpty()) {
                byCurve.computeIfAbsent(c.curve(), k -> new java.util.ArrayList<>()).add(c.name());
            }
        }
        // drawn in the candidates' order: the group's last is on top
        List<String> groups = byCurve.values().stream().filter(n -> n.size() > 1).map(n -> "the curves of " + and(n)
                + " coincide: the same points, drawn one over the other (" + and(n.subList(0, n.size() - 1)
                .stream().map(x -> x + "'s").toList()) + (n.size() == 2 ? " lies" : " lie") + " under "
                + n.get(n.size() - 1) + "'s)").toList();
        if (groups.isEmpty()) {
            return Optional.empty();
        }
        String all = String.join("; ", groups) + ".";
        return Optional.of(Character.toUpperCase(all.charAt(0)) + all.substring(1));
    }

    /**
     * "Where one pod spans several percent ..." when a curve steps above the grey diagonal by a point or more; else
     * empty. The curve gives every whole percent a pod's arrival spans the allocation after that pod was placed
     * (docs/metrics.md, summary.curve): a multi-card job of 4 % of the capacity lifts the percents it spans above
     * "everything that arrives placed", which unexplained reads as more placed than asked.
     */
    public static Optional<String> aboveDiagonal(List<CandidateResult> candidates) {
        // a point lies above by less than the pod that crossed it: a point or more is a pod of over 1 %, and visible
        boolean above = candidates.stream().anyMatch(c -> c.curve().stream()
                .anyMatch(p -> p.allocatedPct() >= p.arrivedPct() + 1));
        return above ? Optional.of("Where one pod spans several percent of the capacity (a multi-card job), each of "
                + "those percents shows the allocation after it was placed: the curve steps above the diagonal.")
                : Optional.empty();
    }

    /**
     * What the allocation curves' chart needs said beside it, in the Plan view and the decision report alike: the
     * steps above the diagonal ({@link #aboveDiagonal}) and the curves drawn one over the other
     * ({@link #coinciding}); empty when neither.
     */
    public static Optional<String> curvesNote(List<CandidateResult> candidates) {
        List<String> notes = java.util.stream.Stream.of(aboveDiagonal(candidates), coinciding(candidates))
                .flatMap(Optional::stream).toList();
        return notes.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", notes));
    }

    private static String and(List<String> names) {
        return names.size() == 1 ? names.get(0) : String.join(", ", names.subList(0, names.size() - 1)) + " and "
                + names.get(names.size() - 1);
    }
}
