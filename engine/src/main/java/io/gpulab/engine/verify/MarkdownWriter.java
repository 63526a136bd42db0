package io.gpulab.engine.verify;

import io.gpulab.engine.scenario.LabState;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.StepEvidence;
import io.gpulab.engine.scenario.StepResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A readable Markdown summary of a verify run: every step with its evidence, then the final card usage. */
public final class MarkdownWriter {

    private MarkdownWriter() {
    }

    public static String render(RunResult run, String backend) {
        StringBuilder sb = new StringBuilder();
        sb.append("# gpulab verify: ").append(run.scenario()).append("\n\n");
        sb.append(String.format(Locale.ROOT, "Backend `%s`: **%d passed, %d failed**.%n%n", backend,
                run.summary().passed(), run.summary().failed()));
        sb.append("Every step, in file order. Evidence: what was observed and every comparison (expected and ")
                .append("observed), also for passing checks; virtual time is the lab's clock after the step.\n\n");
        sb.append("| # | line | step | result | evidence | virtual time | wall ms |\n|---|---|---|---|---|---|---|\n");
        for (StepResult s : run.steps()) {
            sb.append("| ").append(s.index()).append(" | ").append(s.line()).append(" | ").append(cell(s.title()))
                    .append(" | ").append(result(s)).append(" | ").append(cell(evidence(s))).append(" | ")
                    .append(s.virtualTime() == null ? "" : s.virtualTime()).append(" | ")
                    .append(String.format(Locale.ROOT, "%.3f", s.wallMillis())).append(" |\n");
        }
        sb.append("\n## Final state\n\n| tenant | node | card | type | memory MB | cores | slots | health | lock |\n")
                .append("|---|---|---|---|---|---|---|---|---|\n");
        for (LabState.Tenant t : run.state().tenants()) {
            for (LabState.Node n : t.nodes()) {
                for (LabState.Card c : n.cards()) {
                    sb.append(String.format(Locale.ROOT,
                            "| %s | %s | %s | %s | %d / %d | %d / %d | %d / %d | %s | %s |%n",
                            cell(t.name()), cell(n.name()), cell(c.id()), cell(c.type()), c.usedMemMB(), c.memMB(),
                            c.usedCores(), c.cores(), c.usedSlots(), c.slots(), c.health() ? "ok" : "unhealthy",
                            n.lock() == null ? "free" : cell("held by " + n.lock().holder())));
                }
            }
        }
        return sb.toString();
    }

    private static String result(StepResult s) {
        return switch (StepEvidence.result(s)) {
            case "PASS" -> "passed";
            case "FAIL" -> "**FAILED**";
            default -> "done";
        };
    }

    /** Problems first (what to read), then what was observed and compared. */
    static String evidence(StepResult s) {
        List<String> parts = new ArrayList<>(s.problems());
        String seen = StepEvidence.observed(s);
        if (!seen.isEmpty()) {
            parts.add("observed: " + seen);
        }
        if (!s.compared().isEmpty()) {
            parts.add("compared: " + StepEvidence.compared(s));
        }
        return String.join(" · ", parts);
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
