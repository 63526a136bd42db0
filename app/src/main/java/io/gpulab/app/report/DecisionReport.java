package io.gpulab.app.report;

import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * The decision report of a plan (docs/plan-format.md), page by page: the answer ({@link DecisionCover}), the
 * workload and candidates ({@link PlanInputsPage}), the assumptions and limits in plain words, the candidates side
 * by side ({@link ComparisonPage}), how robust the answer is ({@link RobustnessPage}), a page per candidate
 * ({@link CandidatePage}) and the plan file ({@link PlanAppendix}). Written for a reviewer who was not in the
 * room: it names what was simulated and what was not.
 */
public final class DecisionReport {

    private DecisionReport() {
    }

    /**
     * Writes the report; returns the number of pages.
     *
     * @param charts the Plan view's charts as pictures (the same chart code as the workbench)
     */
    public static int write(PlanResult r, String version, Path file, PlanChartSource charts) throws IOException {
        return write(r, version, ZonedDateTime.now(ZoneOffset.UTC), file, charts, false);
    }

    /**
     * As {@link #write(PlanResult, String, Path, PlanChartSource)}, whole or not at all (docs/outputs.md).
     *
     * @param force replace a file gpulab did not write, or a symbolic link (the link itself)
     */
    public static int write(PlanResult r, String version, Path file, PlanChartSource charts, boolean force)
            throws IOException {
        return write(r, version, ZonedDateTime.now(ZoneOffset.UTC), file, charts, force);
    }

    /** As {@link #write(PlanResult, String, Path, PlanChartSource)} with a fixed date (tests). */
    public static int write(PlanResult r, String version, ZonedDateTime date, Path file, PlanChartSource charts)
            throws IOException {
        return write(r, version, date, file, charts, false);
    }

    private static int write(PlanResult r, String version, ZonedDateTime date, Path file, PlanChartSource charts,
                             boolean force) throws IOException {
        Plan plan = r.plan();
        try (PDDocument doc = new PDDocument()) {
            doc.getDocumentInformation().setTitle("Decision report: " + plan.name());
            doc.getDocumentInformation().setCreator("gpulab " + version);
            try (PdfDoc pdf = new PdfDoc(doc, "gpulab decision report · " + plan.name(),
                    ReportAssumptions.SIMULATION)) {
                DecisionCover.write(pdf, r, version, date);
                // the workload and the candidates on a page of their own: the answer may take most of the cover
                pdf.newPage();
                PlanInputsPage.write(pdf, r);
                pdf.newPage();
                ReportAssumptions.plan(pdf, r);
                pdf.newPage();
                ComparisonPage.write(pdf, r, charts);
                if (r.sensitivity() != null) {
                    pdf.newPage();
                    RobustnessPage.write(pdf, r, charts);
                }
                for (CandidateResult c : r.candidates()) {
                    pdf.newPage();
                    CandidatePage.write(pdf, c, r, charts);
                }
                pdf.newPage();
                PlanAppendix.write(pdf, plan, version, date);
            }
            OutputFile.write(file, PdfFile.KIND, force, out -> PdfFile.save(doc, out));
            return doc.getNumberOfPages();
        }
    }
}
