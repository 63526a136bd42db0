package io.gpulab.app.report;

import io.gpulab.app.report.ScenarioReport.Check;
import io.gpulab.app.report.ScenarioReport.History;
import io.gpulab.app.report.ScenarioReport.Input;
import io.gpulab.app.report.ScenarioReport.Verdict;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.metrics.PodCounts;
import java.io.IOException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The review report's first page, read by a reviewer who was never in the room: which file the lab came from (its
 * name and SHA-256, attached), what was checked, the result, the lab's figures at the end with how each was
 * computed, and what the result proves. A list too long for the page says where it continues.
 */
final class ReviewSummary {

    /** More checks not run than this are one line on page 1 (the verification section lists each). */
    static final int NOT_RUN_LISTED = 8;

    private ReviewSummary() {
    }

    static void write(PdfDoc pdf, Input in, String version, ZonedDateTime date) throws IOException {
        pdf.title("Review report: " + in.scenario());
        pdf.muted("gpulab " + version + " · " + date.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
                + " · backend " + in.snapshot().backend() + " · lab time " + in.snapshot().now());
        History h = in.history();
        pdf.muted(Provenance.line("scenario", ScenarioReport.attachedName(in.scenario()), Sha256.of(in.source()),
                h.observed() ? "the scenario this lab was opened from; gpulab verify --backend cluster runs its checks"
                        : "gpulab run on it rebuilds this lab and gives the verdicts of the checks that ran"));
        description(pdf, in);
        pdf.heading("What was checked");
        pdf.continues("What was checked");
        LabSnapshot s = in.snapshot();
        int workers = s.tenants().stream().mapToInt(t -> t.nodes().size()).sum();
        LabMetrics m = LabMetrics.of(s);
        long passed = count(in.checks(), Verdict.PASS);
        long failed = count(in.checks(), Verdict.FAIL);
        long notRun = count(in.checks(), Verdict.NOT_RUN);
        int n = in.checks().size();
        pdf.text("A lab of " + s.tenants().size() + " tenant" + (s.tenants().size() == 1 ? "" : "s") + " (one Kamaji "
                + "TenantControlPlane each), " + workers + " worker" + (workers == 1 ? "" : "s") + " and " + m.cards()
                + " GPU card" + (m.cards() == 1 ? "" : "s") + ", with HAMi scheduling shared GPU requests, reported "
                + h.after() + ". The scenario states " + n + " expectation" + (n == 1 ? "" : "s")
                + " about where pods land, on which card, with which share, or why they are refused"
                // "PASS check 6: ... 3 of 10 slots" under a split count of 4: the title is the author's, not a finding
                + (in.scenario().equals(h.origin()) || h.observed() ? "" : "; their titles are " + h.origin()
                + "'s words for its own lab, and only the values in each check's table were compared")
                + (notRun == 0 ? ":" : h.observed() ? "; none is run on a lab observed on a cluster:"
                : n == notRun ? "; the lab's history reached none of them:"
                : "; the lab's history reached " + (n - notRun) + " of them:"));
        for (Check c : in.checks()) {
            if (c.verdict() != Verdict.NOT_RUN || notRun <= NOT_RUN_LISTED) {
                tag(pdf, c, c.title());
            }
        }
        if (notRun > NOT_RUN_LISTED) {
            // twelve grey lines pushed the result and its limits off the first page
            List<Check> later = in.checks().stream().filter(c -> c.verdict() == Verdict.NOT_RUN).toList();
            int first = later.stream().mapToInt(Check::playable).min().orElse(0);
            int last = later.stream().mapToInt(Check::playable).max().orElse(0);
            pdf.taggedMuted(Verdict.NOT_RUN.tag(), notRun + " more checks, which the lab's history did not reach: "
                    + (h.observed() ? "" : "they are checked in " + (first == last ? "step " + first
                    : "steps " + first + " to " + last) + " of " + h.origin() + "'s " + h.playable() + "; ")
                    + "Verification results lists each with what it expects.");
        }
        pdf.continues(null);
        pdf.heading("Result");
        pdf.answer(result(in, n, passed, failed, notRun));
        // counted as the workbench's status bar counts them (PodCounts): a refused create is "refused", not pending
        PodCounts pods = PodCounts.of(s);
        pdf.continues("Result");
        pdf.text((h.observed() ? "As read from the cluster: " : "At the end: ") + pods.running() + " pod"
                + (pods.running() == 1 ? "" : "s") + " running, "
                + pods.pending() + " pending" + (pods.refused() == 0 ? "" : ", " + pods.refused() + " refused")
                + "; " + CapacityWords.figures(m) + ".");
        ServingControlPlanes.write(pdf, s, h.observed());
        pdf.continues(null);
        String proves;
        if (passed + failed == 0) {
            proves = "Nothing about HAMi's decisions: no check was run on this lab, so this report only shows the lab "
                    + h.after() + ". " + (h.observed() ? "gpulab verify --backend cluster runs the scenario's checks "
                    + "on a cluster." : "Play the scenario's steps (or gpulab report --steps N) to run its checks.");
        } else {
            proves = "That on a lab built as described, HAMi v2.10.0's rules as simulated here place, share, refuse "
                    + "and explain these pods as the checks that ran state" + (failed > 0 ? ", except where a check "
                    + "FAILED" : "") + "; the verification section lists each check with the values the lab showed"
                    + (notRun > 0 ? ", and a check that was not run proves nothing" : "") + ". It does not prove how "
                    + "real GPUs, drivers or workloads behave inside their shares (Assumptions and limits, %PAGE%).";
        }
        // the heading and its paragraph on one page: the page it names is then the one after it
        pdf.need(pdf.textHeight(proves.replace("%PAGE%", "page 000")) + 40);
        pdf.heading("What it proves");
        if (proves.contains("%PAGE%")) {
            pdf.textWithPageOf(proves, "Assumptions and limits");
        } else {
            pdf.text(proves);
        }
    }

    /**
     * The scenario's description, said of the lab it is true of: the author describes the lab after every step (read
     * after 1 of 5 it stated pods that were not there), and an edited lab is not the scenario's (its "10 slots a card"
     * read as the lab's after a split count of 4).
     */
    private static void description(PdfDoc pdf, Input in) throws IOException {
        History h = in.history();
        io.gpulab.engine.scenario.EditedDescription edited = in.scenario().equals(h.origin()) ? null
                : io.gpulab.engine.scenario.EditedDescription.parse(h.origin(), in.description());
        String steps = h.playable() == 1 ? "its 1 step" : "all " + h.playable() + " steps";
        if (edited != null) {
            pdf.text("This lab is the scenario " + h.origin() + ", edited in the workbench: " + edited.changes()
                    + ". It is reported " + h.after() + "; its own figures are the ones this report shows (What was "
                    + "checked, the lab drawn, Card allocations).");
            if (!edited.original().isEmpty()) {
                pdf.text("The scenario " + h.origin() + "'s own description, written before these edits for its lab "
                        + "after " + steps + "; its figures may no longer hold of this lab: " + edited.original());
            }
        } else if (!in.description().isEmpty()) {
            boolean whole = !h.observed() && h.played() == h.playable() && h.own() == 0;
            // h.after() may hold its own parentheses ("as built (no step played)"): no nesting around it
            pdf.text(whole ? in.description() : "This report shows the lab " + h.after() + "; the scenario's "
                    + "description was written for its lab after " + steps + ": " + in.description());
        }
    }

    private static String result(Input in, int n, long passed, long failed, long notRun) {
        if (n == 0) {
            return "The scenario states no expectations: this report shows the lab, it checks nothing.";
        }
        if (passed + failed == 0) {
            return "No check was run: the lab was reported " + in.history().after() + "; its " + n + " check"
                    + (n == 1 ? " is" : "s are") + " listed as not run.";
        }
        if (failed == 0 && notRun == 0) {
            return passed == 1 ? "The 1 check passed." : "All " + passed + " checks passed.";
        }
        String run = failed > 0 ? failed + " of " + n + " checks FAILED; " + passed + " passed"
                : passed + " of " + n + " checks ran and passed";
        return run + (notRun == 0 ? "." : "; " + notRun + " not run (the lab was reported " + in.history().after()
                + ").");
    }

    static long count(List<Check> checks, Verdict v) {
        return checks.stream().filter(c -> c.verdict() == v).count();
    }

    static void tag(PdfDoc pdf, Check c, String text) throws IOException {
        if (c.verdict() == Verdict.NOT_RUN) {
            pdf.taggedMuted(c.verdict().tag(), text);
        } else {
            pdf.tagged(c.verdict().tag(), c.passed(), text);
        }
    }
}
