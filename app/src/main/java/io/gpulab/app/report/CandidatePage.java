package io.gpulab.app.report;

import static io.gpulab.app.report.PlanFigures.cardList;
import static io.gpulab.app.report.PlanFigures.fmt;
import static io.gpulab.app.report.PlanFigures.hami;
import static io.gpulab.app.report.PlanFigures.money;
import static io.gpulab.app.report.PlanFigures.pct;
import static io.gpulab.app.report.PlanFigures.perPod;
import static io.gpulab.app.report.PlanFigures.tenants;

import io.gpulab.engine.plan.Candidate;
import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.Counts;
import io.gpulab.engine.plan.Fit;
import io.gpulab.engine.plan.PlanResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A page per candidate in the decision report: its figures with their units, the search's replays, why pods pend,
 * its allocation curve and its cards at the end as a heat map.
 */
final class CandidatePage {

    private CandidatePage() {
    }

    static void write(PdfDoc pdf, CandidateResult c, PlanResult r, PlanChartSource charts)
            throws IOException {
        Candidate cand = c.candidate();
        pdf.heading("Candidate " + c.name());
        pdf.text(cand.shape() + "; " + tenants(cand) + "; " + hami(cand.hami()) + ".");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("workers", fmt(c.workers()) + (cand.minimize() ? c.minWorkers() != null
                ? ", the smallest count the search saw place every pod that fits" : ", the largest count tried: "
                + c.searchNote() : " (fixed in the plan)")));
        if (cand.minimize()) {
            rows.add(List.of("search", searchText(c)));
        }
        if (!c.searchNote().isEmpty() && c.minWorkers() != null) {
            rows.add(List.of("search note", c.searchNote()));
        }
        rows.add(List.of("cards", fmt(c.cards()) + " (" + cardList(cand) + " per worker)"));
        rows.add(List.of("pods placed", fmt(c.placed()) + " of " + fmt(r.workload().pods().size())));
        rows.add(List.of("pods pending", fmt(c.pending()) + (c.neverFitPods() > 0 ? ", of which "
                + fmt(c.neverFitPods()) + " can never fit this candidate" : "")));
        rows.add(List.of("GPU compute allocated", pct(c.gpuAllocationPct()) + " of " + fmt(c.metrics().gpuAllocation()
                .capacity()) + " GPU-milli (FGD's allocation)"));
        rows.add(List.of("GPU memory booked", pct(c.metrics().gpuMemory().pct()) + " (" + fmt(c.metrics().gpuMemory()
                .used()) + " of " + fmt(c.metrics().gpuMemory().capacity()) + " MB)"));
        rows.add(List.of("sharing slots in use", pct(c.metrics().gpuSlots().pct()) + " (" + fmt(c.metrics().gpuSlots()
                .used()) + " of " + fmt(c.metrics().gpuSlots().capacity()) + ", deviceSplitCount "
                + cand.hami().deviceSplitCount() + " a card)"));
        rows.add(List.of("host CPU / memory requested", pct(c.metrics().cpu().pct()) + " / "
                + pct(c.metrics().memory().pct()) + " of the workers' allocatable CPU / memory, by the pods' requests"));
        rows.add(List.of("stranded GPU memory", fmt(c.metrics().stranded().gpuMemoryMB()) + " MB ("
                + pct(c.strandedMemoryPct()) + ") on cards whose compute or slots are exhausted"));
        rows.add(List.of("stranded GPU compute", fmt(c.metrics().stranded().gpuCores() * 10L) + " GPU-milli ("
                + pct(c.strandedComputePct()) + ") on cards whose memory or slots are exhausted"));
        rows.add(List.of("cost", c.cost() == null ? "not priced" : money(c.cost(), cand.prices())
                + (cand.prices().term() == null ? "" : "; " + cand.prices().amount(c.cost() * cand.prices().term())
                + " over " + cand.prices().termWords())
                + (c.costPerPlacedPod() == null ? "" : "; " + perPod(c.costPerPlacedPod(), cand.prices()))));
        if (c.controlPlanes() != null) {
            rows.add(List.of("control planes", c.controlPlanes().sentence(c.name(), cand.prices())
                    .replaceFirst("^Control planes of " + java.util.regex.Pattern.quote(c.name()) + ": ", "")));
        }
        pdf.table(List.of("figure", "value"), rows);
        pdf.muted(ComparisonPage.WHEN);
        if (!c.pendingByReason().isEmpty()) {
            pdf.subheading("Pending pods by reason");
            List<List<String>> reasons = new ArrayList<>();
            new TreeMap<>(c.pendingByReason()).forEach((k, v) -> reasons.add(List.of(k, fmt(v), ReasonText.of(k))));
            pdf.table(List.of("reason", "pods", "what it means"), reasons);
        }
        if (!c.neverFit().isEmpty()) {
            pdf.subheading("Pods that can never fit this candidate");
            for (Fit.NeverFit n : c.neverFit()) {
                pdf.bullet(fmt(n.pods()) + (n.pods() == 1 ? " pod " + n.reason().replaceFirst("^need ", "needs ")
                        : " pods " + n.reason()) + ".");
            }
        }
        pdf.images(List.of(charts.curves(List.of(c), pdf.width(), PlanChartSource.CANDIDATE_CURVES_PT)));
        // a page read alone says why its curve steps above the diagonal, as the comparison's caption does
        java.util.Optional<String> steps = io.gpulab.engine.plan.EmptyCharts.aboveDiagonal(List.of(c));
        if (steps.isPresent()) {
            pdf.muted(steps.get());
        }
        // the heat map in the room left (every card drawn, squares up to 10 pt); a small fleet's map at its full size
        // wherever that fits (a100's 48 cards need ~75 pt, and a rule of 110 sent them to a page of their own);
        // else on a page of its own when the room is too small for a readable map
        if (c.cards() <= 200) {
            ChartImage whole = charts.heat(c, pdf.width(), 480);
            if (whole.heightPt() <= pdf.remaining() - 8) {
                pdf.images(List.of(whole));
                return;
            }
        }
        if (pdf.remaining() < (c.cards() <= 200 ? 110 : 170)) {
            pdf.newPage();
        }
        pdf.images(List.of(charts.heat(c, pdf.width(), Math.min(480, pdf.remaining() - 8))));
    }

    /** Every replay of a search, in order, and how the count below the answer is known to be too small. */
    static String searchText(CandidateResult c) {
        List<String> tried = new ArrayList<>();
        for (io.gpulab.engine.plan.SearchStep st : c.steps()) {
            tried.add(fmt(st.workers()) + (st.placedAll() ? " placed all" : st.stoppedEarly()
                    ? " too few (stopped at the first pod left pending)" : " too few"));
        }
        String below = switch (c.belowMinimumShown()) {
            case "replayed" -> "; " + Counts.of(c.minWorkers() - 1, "worker") + (c.minWorkers() - 1 == 1 ? " was" : " were")
                    + " replayed and seen to fail";
            case "bound" -> "; " + Counts.of(c.minWorkers() - 1, "worker") + " is below the capacity lower bound of "
                    + fmt(c.lowerBound()) + " (not replayed: fewer cannot hold the demand by cards, slots, CPU or memory)";
            default -> c.minWorkers() == null ? "" : "; the count below was not shown to fail";
        };
        return Counts.of(c.steps().size(), "replay") + " from the lower bound of " + Counts.of(c.lowerBound(), "worker") + ": "
                + String.join(", ", tried) + below + ".";
    }
}
