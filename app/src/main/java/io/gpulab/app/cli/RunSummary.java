package io.gpulab.app.cli;

import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.scenario.LabState;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.StepEvidence;
import io.gpulab.engine.scenario.StepResult;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The human form of a run: every step numbered, with what it observed and compared and when, then the
 * cards, then the tally.
 */
final class RunSummary {

    private RunSummary() {
    }

    /** The summary with its step lines already formatted by {@link #step}, in order, in {@code stepLines}. */
    static void print(RunResult run, List<? extends CharSequence> stepLines, PrintWriter out) {
        long checks = run.steps().stream().filter(StepResult::check).count();
        out.println("scenario " + run.scenario() + ": " + run.steps().size() + " steps, " + checks + " checks");
        run.warnings().forEach(w -> out.println("warning: " + w));
        stepLines.forEach(out::append);
        out.println("state:");
        StringBuilder line = new StringBuilder(256);
        for (LabState.Tenant t : run.state().tenants()) {
            for (LabState.Node n : t.nodes()) {
                String lock = n.lock() == null ? "" : "  lock held by " + n.lock().holder();
                out.println("  " + t.name() + "/" + n.name() + lock);
                for (LabState.Card c : n.cards()) {
                    line.setLength(0);
                    out.println(StepEvidence.card(line.append("    "), c));
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

    /**
     * A step's lines, numbered as in the file (a reader can tell what happened between two checks): as
     * {@code printf("  %3d %s %s  (line %d; %s)%n")} and its evidence lines, without a Formatter per step (a replay
     * prints 50,000).
     */
    static void step(StepResult s, StringBuilder out) {
        String index = Integer.toString(s.index());
        out.append("  ").append("   ", Math.min(index.length(), 3), 3).append(index).append(' ')
                .append(StepEvidence.result(s)).append(' ').append(s.title()).append("  (line ").append(s.line())
                .append("; ").append(StepEvidence.when(s)).append(')').append(NL);
        String seen = StepEvidence.observed(s);
        if (!seen.isEmpty()) {
            out.append("           observed: ").append(seen).append(NL);
        }
        if (!s.compared().isEmpty()) {
            out.append("           compared: ").append(StepEvidence.compared(s)).append(NL);
        }
        s.problems().forEach(p -> out.append("           ! ").append(p).append(NL));
    }

    /** What {@link PrintWriter#println()} ends a line with. */
    private static final String NL = System.lineSeparator();
}
