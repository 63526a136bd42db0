package io.gpulab.app.cli;

import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.Counts;
import io.gpulab.engine.plan.PlanResult;

import java.io.PrintWriter;
import java.util.Locale;

/** The human-readable answer of {@code gpulab plan}: one line per candidate, then the conclusions. */
final class PlanSummary {

    private PlanSummary() {
    }

    static void print(PlanResult r, PrintWriter out) {
        out.println("plan " + r.plan().name() + ": " + r.plan().question());
        out.println("workload: " + r.workload().description() + ", "
                + Counts.of(r.workload().pods().size(), "pod"));
        for (CandidateResult c : r.candidates()) {
            out.printf(Locale.ROOT, "  %-16s %s%n", c.name(), c.candidate().shape());
            // the report's number format (1,080), so the two never show one figure two ways; JSON keeps raw numbers
            out.printf(Locale.ROOT, "  %-16s %s, %s: %,d placed, %,d pending%s;"
                            + " booked: GPU compute %.1f %%,"
                            + " GPU memory %.1f %%, sharing slots %.1f %%; stranded memory %.1f %%,"
                            + " compute %.1f %%%s%s%n",
                    "", Counts.of(c.workers(), "worker"), Counts.of(c.cards(), "card"), c.placed(), c.pending(),
                    reasons(c.pendingByReason()), c.gpuAllocationPct(),
                    c.metrics().gpuMemory().pct(), c.metrics().gpuSlots().pct(),
                    c.strandedMemoryPct(), c.strandedComputePct(),
                    c.minWorkers() == null ? "" : "; min workers " + String.format(Locale.ROOT, "%,d (%s)",
                            c.minWorkers(), Counts.of(c.replays(), "replay")),
                    c.cost() == null ? "" : String.format(Locale.ROOT, "; cost %,.2f", c.cost()));
            if (!c.searchNote().isEmpty()) {
                out.printf("  %-16s %s%n", "", c.searchNote());
            }
        }
        out.println("answer:");
        r.conclusions().forEach(s -> out.println("  - " + s));
        if (r.sensitivity() != null) {
            io.gpulab.engine.plan.SensitivityText.summary(r).forEach(s -> out.println("  " + s));
        }
        out.printf(Locale.ROOT, "(%,d ms)%n", r.wallMs());
        out.flush();
    }

    /** e.g. " {CardInsufficientMemory: 2,203; NeverFits: 5}": "; " apart, as "2,203, NeverFits=5" would not read. */
    private static String reasons(java.util.Map<String, Integer> byReason) {
        if (byReason.isEmpty()) {
            return "";
        }
        java.util.List<String> parts = new java.util.ArrayList<>();
        new java.util.TreeMap<>(byReason).forEach((k, v) -> parts.add(String.format(Locale.ROOT, "%s: %,d", k, v)));
        return " {" + String.join("; ", parts) + "}";
    }
}
