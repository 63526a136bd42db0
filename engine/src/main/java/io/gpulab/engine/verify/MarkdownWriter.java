package io.gpulab.engine.verify;

import io.gpulab.engine.scenario.LabState;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.StepResult;

import java.util.Locale;

/** A readable Markdown summary of a verify run: the checks, then the final card usage. */
public final class MarkdownWriter {

    private MarkdownWriter() {
    }

    public static String render(RunResult run, String backend) {
        StringBuilder sb = new StringBuilder();
        sb.append("# gpulab verify: ").append(run.scenario()).append("\n\n");
        sb.append(String.format(Locale.ROOT, "Backend `%s`: **%d passed, %d failed**.%n%n", backend,
                run.summary().passed(), run.summary().failed()));
        sb.append("| # | check | result | details |\n|---|---|---|---|\n");
        for (StepResult s : run.steps()) {
            if (s.check()) {
                sb.append("| ").append(s.index()).append(" | ").append(cell(s.title())).append(" | ")
                        .append(s.passed() ? "passed" : "**FAILED**").append(" | ")
                        .append(cell(String.join("; ", s.problems()))).append(" |\n");
            }
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

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
