package io.gpulab.app.cli;

import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.scenario.LabState;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.StepEvidence;
import io.gpulab.engine.scenario.StepResult;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * The human form of a run: every step numbered, with what it observed and compared and when, then the
 * cards, then the tally.
 */
final class RunSummary {

    private RunSummary() {
    }

    static void print(RunResult run, PrintWriter out) {
        long checks = run.steps().stream().filter(StepResult::check).count();
        out.println("scenario " + run.scenario() + ": " + run.steps().size() + " steps, " + checks + " checks");
        // every step, numbered as in the file: a reader can tell what happened between two checks
        for (StepResult s : run.steps()) {
            out.printf(Locale.ROOT, "  %3d %s %s  (line %d; %s)%n", s.index(), StepEvidence.result(s), s.title(),
                    s.line(), StepEvidence.when(s));
            String seen = StepEvidence.observed(s);
            if (!seen.isEmpty()) {
                out.println("           observed: " + seen);
            }
            if (!s.compared().isEmpty()) {
                out.println("           compared: " + StepEvidence.compared(s));
            }
            s.problems().forEach(p -> out.println("           ! " + p));
        }
        out.println("state:");
        for (LabState.Tenant t : run.state().tenants()) {
            for (LabState.Node n : t.nodes()) {
                String lock = n.lock() == null ? "" : "  lock held by " + n.lock().holder();
                out.println("  " + t.name() + "/" + n.name() + lock);
                for (LabState.Card c : n.cards()) {
                    out.printf(Locale.ROOT, "    %s %s: %,d/%,d MB, %d/%d cores, %d/%d slots%s%n", c.id(), c.type(),
                            c.usedMemMB(), c.memMB(), c.usedCores(), c.cores(), c.usedSlots(), c.slots(),
                            c.health() ? "" : ", UNHEALTHY");
                }
            }
        }
        LabMetrics m = run.summary().metrics();
        if (m != null) {
            out.printf(Locale.ROOT, "metrics: GPU allocation %.2f %% (%,d / %,d GPU-milli); card memory %.2f %%, compute "
                    + "%.2f %%, slots %.2f %%; host CPU %.2f %%, memory %.2f %%; %d running, %d pending%s%n",
                    m.gpuAllocation().pct(), m.gpuAllocation().used(), m.gpuAllocation().capacity(), m.gpuMemory().pct(),
                    m.gpuCompute().pct(), m.gpuSlots().pct(), m.cpu().pct(), m.memory().pct(), m.pods().running(),
                    m.pods().pending(), m.pods().pendingByReason().isEmpty() ? "" : " " + m.pods().pendingByReason());
        }
        out.printf(Locale.ROOT, "%d passed, %d failed%n", run.summary().passed(), run.summary().failed());
        out.flush();
    }
}
