package io.gpulab.app.cli;

import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.scenario.LabState;
import io.gpulab.engine.scenario.ObservedPod;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.StepResult;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.stream.Collectors;

/** The human form of a run: one line per check or failed step, then the cards, then the tally. */
final class RunSummary {

    private RunSummary() {
    }

    static void print(RunResult run, PrintWriter out) {
        out.println("scenario " + run.scenario() + ": " + run.steps().size() + " steps");
        for (StepResult s : run.steps()) {
            if (!s.check()) {
                continue;
            }
            out.printf(Locale.ROOT, "  %s %2d %s%n", s.passed() ? "PASS" : "FAIL", s.index(), s.title());
            if (s.observed() instanceof ObservedPod p) {
                out.println("          " + describe(p));
            }
            s.problems().forEach(p -> out.println("          ! " + p));
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

    private static String describe(ObservedPod p) {
        StringBuilder sb = new StringBuilder(p.phase());
        if (p.node() != null) {
            sb.append(" on ").append(p.node());
        }
        if (p.schedulerName() != null) {
            sb.append(" via ").append(p.schedulerName());
        }
        if ("Running".equals(p.phase()) && !p.hamiAllocated()) {
            sb.append(" WITHOUT a HAMi allocation (Running proves nothing)");
        }
        if (!p.devices().isEmpty()) {
            sb.append(" [").append(p.devices().stream().map(d -> d.id() + ": " + d.memMB() + " MB, " + d.cores()
                    + " %").collect(Collectors.joining("; "))).append(']');
        }
        if (p.reason() != null) {
            sb.append(" - ").append(p.reason());
        }
        if (p.message() != null && !"Running".equals(p.phase())) {
            sb.append(" - ").append(p.message());
        }
        return sb.toString();
    }
}
