package io.gpulab.app.report;

import static io.gpulab.app.report.PlanFigures.fmt;
import static io.gpulab.app.report.PlanFigures.money;
import static io.gpulab.app.report.PlanFigures.pct;

import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.EmptyCharts;
import io.gpulab.engine.plan.PlanResult;
import io.gpulab.engine.plan.Prices;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The decision report's candidates side by side: one table of every figure, the allocation curves, and the booked
 * and stranded bars (or a sentence where a chart would only hold zeros).
 */
final class ComparisonPage {

    /** When a candidate's figures were read: a percentage alone did not say at which moment of the replay. */
    static final String WHEN = "Every figure is read once over all the candidate's cards (or workers), at the end of "
            + "its replay; where the workload's pods leave, at the replay's highest GPU allocation sampled.";

    private ComparisonPage() {
    }

    static void write(PdfDoc pdf, PlanResult r, PlanChartSource charts) throws IOException {
        pdf.heading("The candidates side by side");
        List<List<String>> rows = new ArrayList<>();
        for (CandidateResult c : r.candidates()) {
            Prices p = c.candidate().prices();
            rows.add(List.of(c.name(), fmt(c.workers()) + (c.minWorkers() != null ? " (minimum)" : ""),
                    fmt(c.cards()), fmt(c.placed()) + " / " + fmt(c.pending()) + " (" + fmt(c.neverFitPods()) + ")",
                    pct(c.metrics().gpuCompute().pct()) + " / " + pct(c.metrics().gpuMemory().pct()) + " / "
                            + pct(c.metrics().gpuSlots().pct()),
                    pct(c.strandedMemoryPct()) + " / " + pct(c.strandedComputePct()),
                    c.cost() == null ? "not priced" : money(c.cost(), p)
                            + (c.controlPlanes() == null || c.controlPlanes().perPeriod() == null ? ""
                            : " (control planes " + p.amount(c.controlPlanes().perPeriod()) + ")")
                            + (p.term() == null ? "" : "; " + p.amount(c.cost() * p.term()) + " over " + p.termWords()),
                    c.costPerPlacedPod() == null ? "-" : money(c.costPerPlacedPod(), p)));
        }
        pdf.table(List.of("candidate", "workers", "cards", "placed / pending (never fit)",
                        "booked: GPU compute / GPU memory / slots", "stranded GPU memory / compute", "cost",
                        "cost per placed pod"), rows);
        pdf.images(List.of(charts.curves(r.candidates(), pdf.width(), PlanChartSource.comparisonCurvesPt(r.candidates().size()))));
        // short, so that the steps above the diagonal are explained without the page's last lines spilling over
        pdf.muted("GPU compute booked (FGD's allocation, 1,000 GPU-milli a card) against the demand arrived, both as "
                + "a share of the candidate's own GPU capacity; GPU memory and slots are in the table and the bars. On "
                + "the grey diagonal all that arrives is placed; where a curve flattens below 100 %, pods pend with "
                + "capacity left (fragmentation, card model or host limits); past 100 % on the x axis more is asked "
                + "than the candidate has." + EmptyCharts.curvesNote(r.candidates()).map(c -> " " + c).orElse(""));
        pdf.space(6);
        // a chart with only bars of 0 is a sentence instead (EmptyCharts: the Plan view says the same)
        java.util.Optional<String> noneBooked = EmptyCharts.booked(r.candidates());
        java.util.Optional<String> noneStranded = EmptyCharts.stranded(r.candidates());
        if (noneBooked.isEmpty() && noneStranded.isEmpty() && r.candidates().size() <= 4) {
            float half = (pdf.width() - PdfDoc.GAP) / 2;
            pdf.images(List.of(charts.utilisation(r.candidates(), half, 210),
                    charts.stranded(r.candidates(), half, 210)));
        } else {
            // with the stranded chart a sentence, the bars take the row alone, no taller than beside it (the
            // page keeps its length: 'none' must not push the closing lines onto a page of their own)
            float tall = noneStranded.isPresent() && r.candidates().size() <= 4 ? 190 : 230;
            if (noneBooked.isEmpty()) {
                pdf.images(List.of(charts.utilisation(r.candidates(), pdf.width(), tall)));
            }
            if (noneStranded.isEmpty()) {
                pdf.images(List.of(charts.stranded(r.candidates(), pdf.width(), 230)));
            }
            if (noneBooked.isPresent()) {
                pdf.text(noneBooked.get());
            }
            if (noneStranded.isPresent()) {
                pdf.text(noneStranded.get());
            }
        }
        pdf.muted("Booked: the share of all cards' GPU compute and memory, and of their sharing slots (deviceSplitCount "
                + "per card), in use at the end of the replay (where pods leave: at its highest allocation sampled)."
                + (noneStranded.isPresent() ? "" : " Stranded: GPU memory on cards with no "
                + "compute or slot left, and compute on cards with no memory or slot left, as a share of all cards'."));
    }
}
