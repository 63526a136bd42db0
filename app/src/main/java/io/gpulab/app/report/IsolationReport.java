package io.gpulab.app.report;

import io.gpulab.engine.isolation.IsolationRow;
import io.gpulab.engine.isolation.IsolationTable;
import io.gpulab.engine.isolation.IsolationWords;
import io.gpulab.engine.isolation.Observation;
import io.gpulab.engine.isolation.Recovery;
import io.gpulab.engine.isolation.TenantLoss;
import io.gpulab.engine.output.OutputFile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * Isolation by layer on paper: {@code gpulab isolation --out}, and a page of the review report. It opens with the
 * conclusion, says how it was derived and what it does not show, then the table (one line per failure: shared by,
 * what each tenant lost) and every observation quoted.
 */
public final class IsolationReport {

    /** The table's last column: whether each tenant's losses came back once the failure was healed. */
    static final String HEALED = "when healed";

    private IsolationReport() {
    }

    /** Writes the table alone as a PDF, whole or not at all; returns the number of pages. */
    public static int write(IsolationTable t, String version, ZonedDateTime date, Path file, boolean force)
            throws IOException {
        try (PDDocument doc = new PDDocument()) {
            doc.getDocumentInformation().setTitle("GPU Tenancy Lab isolation by layer: " + t.scenario());
            doc.getDocumentInformation().setCreator("gpulab " + version);
            try (PdfDoc pdf = new PdfDoc(doc, "gpulab isolation by layer · " + t.scenario(),
                    ReportAssumptions.SIMULATION)) {
                pdf.title("Isolation by layer: " + t.scenario());
                pdf.muted("gpulab " + version + " · " + date.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm "
                        + "'UTC'")) + " · backend sim (a simulation)");
                section(pdf, t, false);
            }
            OutputFile.write(file, PdfFile.KIND, force, out -> PdfFile.save(doc, out));
            return doc.getNumberOfPages();
        }
    }

    /**
     * The isolation section: conclusion, method, limits, the table, the observations.
     *
     * @param heading whether to open with a heading (inside the review report)
     */
    static void section(PdfDoc pdf, IsolationTable t, boolean heading) throws IOException {
        if (heading) {
            pdf.heading("Isolation by layer");
            pdf.muted("The scenario's lab as built (not as the checks left it), each failure injected into its own "
                    + "copy; gpulab isolation " + ScenarioReport.attachedName(t.scenario()) + " (the scenario this "
                    + "report attaches) prints the same table.");
        }
        pdf.answer(t.conclusion());
        pdf.subheading("How it was derived");
        pdf.text(t.method());
        pdf.subheading("What it does not show");
        for (String l : t.limits()) {
            // the sentence says what is modelled; a path into gpulab's repository is of no use to a reader of the PDF
            pdf.bullet(l.replaceAll(" ?\\(docs/[a-z-]+\\.md\\)", ""));
        }
        pdf.subheading("Without any failure");
        for (TenantLoss l : t.baseline()) {
            pdf.bullet(l.tenant() + ": " + IsolationWords.losses(l) + " (" + l.create().observed() + "; "
                    + l.schedule().observed() + ")");
        }
        pdf.subheading("The table: which tenants share each part, what each tenant lost when it failed, and "
                + "whether it came back when the failure was healed");
        List<String> header = new ArrayList<>(List.of("layer", "failed part", "shared by"));
        header.addAll(t.tenants());
        header.add(HEALED);
        List<List<String>> rows = new ArrayList<>();
        for (IsolationRow r : t.rows()) {
            List<String> row = new ArrayList<>(List.of(r.layer(), r.component(), r.sharedBy().isEmpty() ? "no tenant"
                    : String.join(", ", r.sharedBy())));
            for (String tenant : t.tenants()) {
                row.add(r.injected() ? r.tenants().stream().filter(l -> l.tenant().equals(tenant)).findFirst()
                        .map(IsolationWords::losses).orElse("") : "not injected");
            }
            row.add(r.injected() ? IsolationWords.recovery(r) : "");
            rows.add(row);
        }
        pdf.table(header, rows);
        pdf.muted("Lost: the tenant could not do it; degraded: it happened, not as HAMi would have it. When healed: "
                + "back, the tenants that lost something had all four again as without the failure once it was "
                + "healed (held, then its fault steps undone, nothing else repaired: How it was derived says how "
                + "long); not back names what was still lost. The observations below quote what the copy showed.");
        if (t.rows().stream().anyMatch(r -> !r.injected())) {
            pdf.subheading("Not injected");
        }
        for (IsolationRow r : t.rows()) {
            if (!r.injected()) {
                pdf.bullet(r.layer() + ", " + r.component() + ": " + r.notInjected() + ". Shared by "
                        + (r.sharedBy().isEmpty() ? "no tenant" : String.join(", ", r.sharedBy())) + ": "
                        + r.sharing() + ".");
            }
        }
        pdf.need(170);
        pdf.subheading("Observations");
        for (IsolationRow r : t.rows()) {
            if (!r.injected()) {
                continue;
            }
            pdf.need(120);
            pdf.subheading(r.layer() + ": " + r.component());
            pdf.mono(r.fault(), 7.5f, 0);
            pdf.muted("shared: " + r.sharing());
            List<List<String>> cells = new ArrayList<>();
            for (TenantLoss l : r.tenants()) {
                List<Observation> all = l.all();
                for (int i = 0; i < all.size(); i++) {
                    cells.add(List.of(i == 0 ? l.tenant() : "", IsolationWords.ASKS.get(i), all.get(i).verdict(),
                            all.get(i).observed()));
                }
            }
            pdf.table(List.of("tenant", "asks", "verdict", "observed"), cells);
            pdf.need(70); // the heal step stays with its table
            pdf.mono("heal: " + r.heal(), 7.5f, 0);
            // one row per tenant, its four observations in one cell: the heal adds a quarter of the page, not half
            List<List<String>> healed = new ArrayList<>();
            for (Recovery h : r.recovery()) {
                List<String> seen = new ArrayList<>();
                List<Observation> all = h.after().all();
                for (int i = 0; i < all.size(); i++) {
                    seen.add(IsolationWords.ASKS.get(i) + " " + all.get(i).verdict() + ": " + all.get(i).observed());
                }
                healed.add(List.of(h.tenant() + ": " + h.verdict(), Recovery.NOT_OBSERVED.equals(h.verdict())
                        ? all.get(0).observed() : String.join("; ", seen)));
            }
            pdf.table(List.of("after the heal", "observed"), healed);
        }
    }
}
