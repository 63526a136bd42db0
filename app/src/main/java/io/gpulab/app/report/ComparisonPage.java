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
        pdf.images(List.of(charts.curves(r.candidates(), pdf.width(), 215)));
        pdf.muted("The curves show GPU compute (FGD's allocation: 1000 GPU-milli a card); GPU memory and sharing slots "
                + "are in the table and the bars. Arrived demand is a share of each candidate's own GPU capacity. A curve that follows the grey "
                + "diagonal places what arrives; where it flattens below 100 %, pods pend although capacity is left "
                + "(fragmentation, card model or host limits). The x axis goes past 100 % when more is asked than the "
                + "candidate has." + EmptyCharts.coinciding(r.candidates()).map(c -> " " + c).orElse(""));
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
        pdf.muted("Utilisation: the share of all cards' GPU memory and compute booked, and of the sharing slots "
                + "(deviceSplitCount per card) in use." + (noneStranded.isPresent() ? "" : " Stranded: memory left on "
                + "cards whose compute or slots are exhausted, and compute left on cards whose memory or slots are "
                + "exhausted, as a share of the whole."));
    }
}
