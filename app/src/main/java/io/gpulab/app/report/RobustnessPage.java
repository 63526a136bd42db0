package io.gpulab.app.report;

import io.gpulab.engine.plan.Counts;
import io.gpulab.engine.plan.PlanResult;
import java.io.IOException;
import java.util.List;

/**
 * How robust the decision report's answer is: the replays under other arrival orders and growth steps, how often
 * each candidate wins, and the seeds that make every run give the same figures.
 */
final class RobustnessPage {

    private RobustnessPage() {
    }

    static void write(PdfDoc pdf, PlanResult r, PlanChartSource charts) throws IOException {
        var s = r.sensitivity();
        pdf.heading("How robust the answer is");
        pdf.text("Every candidate was replayed under " + Counts.of(s.spec().orders(), "other arrival order")
                + " at each growth step (" + String.join(", ", s.spec().growth().stream().map(g -> g == 0 ? "today's demand"
                : "+" + g + " %").toList()) + "): " + Counts.of(s.replays(), "replay") + " in all, on " + Counts.of(s.threads(), "thread")
                + ". Each order's recommendation is ranked exactly as the answer's.");
        for (String line : io.gpulab.engine.plan.SensitivityText.summary(r)) {
            pdf.answer(line);
        }
        pdf.table(io.gpulab.engine.plan.SensitivityText.headers(r), io.gpulab.engine.plan.SensitivityText.rows(r));
        pdf.images(List.of(charts.wins(s, pdf.width(), PlanChartSource.winsPt(r.candidates().size()))));
        pdf.muted("Orders: the workload's pods shuffled across its arrival slots by java.util.Random with the "
                + Counts.noun(s.spec().orders(), "seed") + " "
                + io.gpulab.engine.plan.SensitivityText.seeds(s.spec()) + " (the same figures on every run and machine)."
                + " Growth: ceil(pods × step / 100) copies of pods spread evenly over the workload, each arriving (and "
                + "leaving) right after its original. A searched candidate's workers are the minimum found in that "
                + "order (the search starts at the answer scaled by the growth and replays the count below it); a fixed "
                + "candidate keeps its count, and its pending pods show what the order costs it. Percentiles are "
                + "nearest-rank: the median of an even count is the lower middle value.");
    }
}
