package io.gpulab.app.report;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.output.OutputFile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;

/**
 * The review report of a scenario lab ({@code gpulab report SCENARIO}, and the workbench's menu): a summary of
 * what was checked and what it proves, the assumptions and limits, the lab at the end drawn for paper, the card
 * and pod tables, every check with its expected and observed values, the traces of the pods that did not run,
 * and the scenario file with its SHA-256, the gpulab version and the date.
 */
public final class ScenarioReport {

    /**
     * One verified expectation.
     *
     * @param expected what the scenario states, as {@code key: value} pairs (empty when unknown)
     * @param observed what the lab showed, the same way
     * @param problems what did not hold
     */
    public record Check(String title, boolean passed, Map<String, String> expected, Map<String, String> observed,
                        List<String> problems) { }

    /**
     * Everything the report prints.
     *
     * @param source   the scenario file's text, or empty when not known (then the appendix says so)
     * @param snapshot the lab as reported (after the steps, or as built)
     * @param checks   the scenario's checks from a fresh run
     * @param traces   the trace of every pod that is not running
     */
    public record Input(String scenario, String description, String source, LabSnapshot snapshot, List<Check> checks,
                        List<PodTrace> traces, boolean stepsPlayed) { }

    private ScenarioReport() {
    }

    /**
     * Writes the report whole or not at all (docs/outputs.md); returns the number of pages.
     *
     * @param force replace a file gpulab did not write, or a symbolic link (the link itself)
     */
    public static int write(Input in, String version, ZonedDateTime date, Path file, boolean force)
            throws IOException {
        try (PDDocument doc = new PDDocument()) {
            doc.getDocumentInformation().setTitle("GPU Tenancy Lab review: " + in.scenario());
            doc.getDocumentInformation().setCreator("gpulab " + version);
            try (PdfDoc pdf = new PdfDoc(doc, "gpulab review report · " + in.scenario())) {
                summary(pdf, in, version, date);
                pdf.newPage();
                ReportAssumptions.common(pdf);
                pdf.bullet("Virtual time. The lab runs on a virtual clock (node-lock expiry, retries); durations in "
                        + "the scenario are that clock's, not wall time. The mock device plugin's lifecycle here is '"
                        + in.snapshot().lifecycle() + "'.");
                pdf.newPage();
                pdf.heading("The lab " + (in.stepsPlayed() ? "after the scenario's steps"
                        : "as built (no step played)"));
                LabDiagram.draw(pdf, in.snapshot());
                allocations(pdf, in.snapshot());
                verification(pdf, in.checks());
                traces(pdf, in.traces());
                pdf.newPage();
                appendix(pdf, in, version, date);
            }
            OutputFile.write(file, PdfDoc.KIND, force, out -> PdfDoc.save(doc, out));
            return doc.getNumberOfPages();
        }
    }

    private static void summary(PdfDoc pdf, Input in, String version, ZonedDateTime date) throws IOException {
        pdf.title("Review report: " + in.scenario());
        pdf.muted("gpulab " + version + " · " + date.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
                + " · backend " + in.snapshot().backend() + " · lab time " + in.snapshot().now());
        if (!in.description().isEmpty()) {
            pdf.text(in.description());
        }
        pdf.heading("What was checked");
        long passed = in.checks().stream().filter(Check::passed).count();
        LabSnapshot s = in.snapshot();
        int workers = s.tenants().stream().mapToInt(t -> t.nodes().size()).sum();
        LabMetrics m = LabMetrics.of(s);
        pdf.text("A lab of " + s.tenants().size() + " tenant" + (s.tenants().size() == 1 ? "" : "s") + " (one Kamaji "
                + "TenantControlPlane each), " + workers + " worker" + (workers == 1 ? "" : "s") + " and " + m.cards()
                + " GPU card" + (m.cards() == 1 ? "" : "s") + ", with HAMi scheduling shared GPU requests. "
                + "The scenario "
                + "states " + in.checks().size() + " expectation" + (in.checks().size() == 1 ? "" : "s")
                + " about where pods land, on which card, with which share, or why they are refused:");
        for (Check c : in.checks()) {
            pdf.tagged(c.passed() ? "PASS" : "FAIL", c.passed(), c.title());
        }
        pdf.heading("Result");
        if (in.checks().isEmpty()) {
            pdf.answer("The scenario states no expectations: this report shows the lab, it checks nothing.");
        } else if (passed == in.checks().size()) {
            pdf.answer("All " + passed + " checks passed.");
        } else {
            pdf.answer((in.checks().size() - passed) + " of " + in.checks().size() + " checks FAILED; "
                    + passed + " passed.");
        }
        pdf.heading("What it proves");
        pdf.text("That on a lab built as described, HAMi v2.10.0's rules as simulated here place, share, refuse and "
                + "explain these pods exactly as the scenario states; the verification section lists each check with "
                + "the values the lab showed. It does not prove how real GPUs, drivers or workloads behave inside "
                + "their shares (page 2).");
        pdf.text("At the end: " + m.pods().running() + " pods running, " + m.pods().pending() + " pending; GPU "
                + "allocation " + pct(m.gpuAllocation().pct()) + ", GPU memory booked " + pct(m.gpuMemory().pct())
                + ", compute " + pct(m.gpuCompute().pct()) + ", sharing slots " + pct(m.gpuSlots().pct()) + ".");
    }

    private static void allocations(PdfDoc pdf, LabSnapshot s) throws IOException {
        pdf.heading("Card allocations");
        List<List<String>> rows = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            for (NodeView n : t.nodes()) {
                for (CardView c : n.cards()) {
                    rows.add(List.of(t.name(), n.name(), c.id(), c.type(),
                            String.format(Locale.ROOT, "%,d / %,d", c.usedMemMB(), c.memMB()),
                            c.usedCores() + " / " + c.cores(), c.usedSlots() + " / " + c.slots(),
                            c.health() ? "healthy" : "UNHEALTHY"));
                }
            }
        }
        if (rows.size() > 400) {
            pdf.muted(rows.size() + " cards; the first 400 are listed.");
            rows = rows.subList(0, 400);
        }
        pdf.table(List.of("tenant", "node", "card", "type", "memory MB used / total", "compute used / total",
                "slots used / total", "health"), rows);
        List<List<String>> shares = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            for (PodView p : t.pods()) {
                for (PodView.DeviceAllocation d : p.devices()) {
                    shares.add(List.of(t.name(), p.key(), p.node() + " / " + d.id(), d.container(),
                            String.format(Locale.ROOT, "%,d MB", d.memMB()), d.cores() + " %"));
                }
            }
        }
        if (!shares.isEmpty() && shares.size() <= 400) {
            pdf.subheading("Pod shares");
            pdf.table(List.of("tenant", "pod", "node / card", "container", "memory", "compute"), shares);
        }
    }

    private static void verification(PdfDoc pdf, List<Check> checks) throws IOException {
        pdf.heading("Verification results");
        if (checks.isEmpty()) {
            pdf.text("The scenario states no expectations.");
            return;
        }
        long passed = checks.stream().filter(Check::passed).count();
        pdf.text(passed + " of " + checks.size() + " checks passed. Each check shows what the scenario expects and "
                + "what the lab showed.");
        int i = 1;
        for (Check c : checks) {
            pdf.need(70);   // a check's line stays with its table
            // steps named "check N: ..." number themselves
            String title = c.title().matches("(?i)check \\d+\\b.*") ? c.title() : i + ". " + c.title();
            i++;
            pdf.tagged(c.passed() ? "PASS" : "FAIL", c.passed(), title);
            List<List<String>> rows = new ArrayList<>();
            java.util.Set<String> keys = new java.util.LinkedHashSet<>(c.expected().keySet());
            keys.addAll(c.observed().keySet());
            for (String k : keys) {
                rows.add(List.of(k, c.expected().getOrDefault(k, ""), c.observed().getOrDefault(k, "")));
            }
            if (!rows.isEmpty()) {
                pdf.table(List.of("field", "expected", "observed"), rows);
            }
            for (String p : c.problems()) {
                pdf.muted("did not hold: " + p);
            }
        }
    }

    private static void traces(PdfDoc pdf, List<PodTrace> traces) throws IOException {
        pdf.heading("Traces of pods that did not run");
        if (traces.isEmpty()) {
            pdf.text("Every pod is running.");
        }
        for (PodTrace t : traces.subList(0, Math.min(traces.size(), 50))) {
            pdf.need(90);
            pdf.subheading(t.tenant() + "  " + t.podKey());
            for (PodTrace.Step s : t.steps()) {
                pdf.tagged(s.outcome().name(), s.outcome() != PodTrace.Outcome.FAILED, s.stage() + ": " + s.summary());
                for (Map.Entry<String, String> e : s.evidence().entrySet()) {
                    pdf.mono(e.getKey() + ": " + e.getValue(), 7.5f, 46);
                }
            }
        }
        if (traces.size() > 50) {
            pdf.muted((traces.size() - 50) + " more pods did not run; gpulab trace shows any of them.");
        }
    }

    private static void appendix(PdfDoc pdf, Input in, String version, ZonedDateTime date) throws IOException {
        pdf.heading("Appendix: the scenario file");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("scenario", in.scenario()));
        rows.add(List.of("SHA-256", in.source().isEmpty() ? "(not attached)" : Sha256.of(in.source())));
        rows.add(List.of("gpulab version", version));
        rows.add(List.of("date", date.withNano(0).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)));
        pdf.table(List.of("item", "value"), rows);
        if (in.source().isEmpty()) {
            pdf.muted("The scenario file is not attached to this export.");
        } else if (in.source().length() > 200_000) {
            pdf.muted("The scenario file is " + in.source().length() + " characters long; its SHA-256 identifies it.");
        } else {
            pdf.mono(in.source(), 7.5f, 0);
        }
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }
}
