package io.gpulab.app.report;

import io.gpulab.engine.plan.Plan;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The decision report's appendix: the plan file as read, its SHA-256 (and the trace files' for an openb workload),
 * the gpulab version, the date and the Java that wrote it, so a reviewer can reproduce every figure.
 */
final class PlanAppendix {

    private PlanAppendix() {
    }

    static void write(PdfDoc pdf, Plan plan, String version, ZonedDateTime date) throws IOException {
        pdf.heading("Appendix: the plan file");
        pdf.attach(plan.fileName(), plan.text().getBytes(java.nio.charset.StandardCharsets.UTF_8),
                plan.fileName().endsWith(".json") ? "application/json" : "application/yaml",
                "the plan this report answers (SHA-256 " + plan.sha256() + ")");
        List<List<String>> rows = new ArrayList<>(List.of(
                List.of("plan file", plan.fileName() + ", in this PDF byte for byte (" + Provenance.DETACH + ")"),
                List.of("SHA-256", plan.sha256())));
        if (plan.workload() instanceof io.gpulab.engine.plan.WorkloadSpec.Openb o) {
            // the trace files are part of the input: the plan's hash alone does not pin them. Their names as the
            // plan resolves them beside itself, not the author's folders.
            rows.add(List.of("pods file", String.valueOf(o.pods().getFileName())));
            rows.add(List.of("its SHA-256", fileSha256(o.pods())));
            if (o.nodes() != null) {
                rows.add(List.of("nodes file", String.valueOf(o.nodes().getFileName())));
                rows.add(List.of("its SHA-256", fileSha256(o.nodes())));
            }
        }
        rows.add(List.of("gpulab version", version));
        rows.add(List.of("date", date.withNano(0).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)));
        rows.add(List.of("Java", System.getProperty("java.version", "?")));
        pdf.table(List.of("item", "value"), rows);
        pdf.muted("Running gpulab plan on this file (the same SHA-256) with the same gpulab version reproduces every "
                + "figure: the simulation is deterministic.");
        pdf.space(4);
        pdf.mono(plan.text(), 7.5f, 0);
    }

    /** The file's SHA-256 as it is when the report is written (the replay read it earlier). */
    private static String fileSha256(Path file) {
        try {
            return Sha256.ofFile(file);
        } catch (IOException e) {
            return "(not readable now: " + e.getMessage() + ")";
        }
    }
}
