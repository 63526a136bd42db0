package io.gpulab.app.cli;

import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.PlanResult;

import java.io.PrintWriter;
import java.util.Locale;

/** The human-readable answer of {@code gpulab plan}: one line per candidate, then the conclusions. */
final class PlanSummary {

    private PlanSummary() {
    }

    static void print(PlanResult r, PrintWriter out) {
        out.println("plan " + r.plan().name() + ": " + r.plan().question());
        out.println("workload: " + r.workload().description() + ", " + r.workload().pods().size() + " pods");
        for (CandidateResult c : r.candidates()) {
            out.printf(Locale.ROOT, "  %-16s %s%n", c.name(), c.candidate().shape());
            out.printf(Locale.ROOT, "  %-16s %d workers, %d cards: %d placed, %d pending%s; booked: GPU compute %.1f %%,"
                            + " GPU memory %.1f %%, sharing slots %.1f %%; stranded memory %.1f %%,"
                            + " compute %.1f %%%s%s%n",
                    "", c.workers(), c.cards(), c.placed(), c.pending(),
                    c.pendingByReason().isEmpty() ? "" : " " + c.pendingByReason(), c.gpuAllocationPct(),
                    c.metrics().gpuMemory().pct(), c.metrics().gpuSlots().pct(),
                    c.strandedMemoryPct(), c.strandedComputePct(),
                    c.minWorkers() == null ? "" : "; min workers " + c.minWorkers() + " (" + c.replays() + " replays)",
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
        out.printf(Locale.ROOT, "(%d ms)%n", r.wallMs());
        out.flush();
    }
}
