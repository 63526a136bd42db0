package io.gpulab.app.gui.export;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.ScenarioVerifier;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.graphics.image.LosslessFactory;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

/**
 * The review report as PDF: the topology image, per-card allocation tables, the verification
 * results and the trace of every pod that did not run.
 */
public final class ReportWriter {

    private static final float[] CARD_COLUMNS = {0.12f, 0.18f, 0.09f, 0.2f, 0.19f, 0.09f, 0.07f, 0.06f};

    private ReportWriter() {
    }

    /** Writes the report; returns the number of pages. */
    public static int write(ReportData data, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (PDDocument doc = new PDDocument()) {
            PDDocumentInformation info = doc.getDocumentInformation();
            info.setTitle("GPU Tenancy Lab review: " + data.caption().scenario());
            info.setCreator("gpulab");
            try (PdfPages pages = new PdfPages(doc)) {
                pages.heading("GPU Tenancy Lab - review report");
                pages.text(data.caption().line());
                pages.text("Lifecycle of the mock device plugin: " + data.snapshot().lifecycle());
                PDImageXObject img = LosslessFactory.createFromImage(doc, data.topology());
                pages.image(img, 520);
                allocations(pages, data);
                verification(pages, data.checks());
                traces(pages, data.traces());
            }
            doc.save(file.toFile());
            return doc.getNumberOfPages();
        }
    }

    private static void allocations(PdfPages pages, ReportData data) throws IOException {
        pages.heading("Card allocations");
        List<List<String>> rows = new ArrayList<>();
        for (TenantView t : data.snapshot().tenants()) {
            for (NodeView n : t.nodes()) {
                for (CardView c : n.cards()) {
                    rows.add(List.of(t.name(), n.name(), c.id(), c.type(),
                            Formats.mb(c.usedMemMB()) + " / " + Formats.mb(c.memMB()) + " MB",
                            c.usedCores() + " / " + c.cores(), c.usedSlots() + " / " + c.slots(),
                            c.health() ? "ok" : "UNHEALTHY"));
                }
            }
        }
        pages.table(List.of("tenant", "node", "card", "type", "memory MB", "compute", "slots", "health"),
                rows, CARD_COLUMNS);
        for (TenantView t : data.snapshot().tenants()) {
            for (PodView p : t.pods()) {
                for (PodView.DeviceAllocation d : p.devices()) {
                    pages.mono(t.name() + "  " + p.node() + "/" + d.id() + "  " + p.key() + " (" + d.container() + "): "
                            + Formats.mb(d.memMB()) + " MB · " + d.cores() + " %", 0);
                }
            }
        }
        for (TenantView t : data.snapshot().tenants()) {
            String tunnel = t.tunnel().webhookReachable() ? "HAMi webhook reachable through Konnectivity"
                    : "HAMi webhook UNREACHABLE: " + t.tunnel().error();
            pages.text(t.name() + ": " + tunnel + " (failurePolicy " + t.webhookFailurePolicy() + ")");
            for (NodeView n : t.nodes()) {
                if (n.lock() != null && n.lock().held()) {
                    pages.text("  node lock on " + n.name() + " held by " + n.lock().holder() + " until "
                            + Formats.clock(n.lock().expires()));
                }
            }
        }
    }

    private static void verification(PdfPages pages, List<ScenarioVerifier.Check> checks) throws IOException {
        pages.heading("Verification results");
        if (checks.isEmpty()) {
            pages.text("The scenario states no expectations.");
            return;
        }
        long passed = checks.stream().filter(ScenarioVerifier.Check::passed).count();
        pages.text(passed + " of " + checks.size() + " checks passed.");
        for (ScenarioVerifier.Check c : checks) {
            String detail = c.detail().isEmpty() ? "" : ": " + c.detail();
            pages.tagged(c.passed() ? "PASS" : "FAIL", c.passed(), c.name() + detail);
        }
    }

    private static void traces(PdfPages pages, List<PodTrace> traces) throws IOException {
        pages.heading("Traces of pods that did not run");
        if (traces.isEmpty()) {
            pages.text("Every pod is running.");
        }
        for (PodTrace t : traces) {
            pages.subheading(t.tenant() + "  " + t.podKey());
            for (PodTrace.Step s : t.steps()) {
                boolean good = s.outcome() != PodTrace.Outcome.FAILED;
                pages.tagged(s.outcome().name(), good, s.stage() + ": " + s.summary());
                for (Map.Entry<String, String> e : s.evidence().entrySet()) {
                    pages.mono(e.getKey() + ": " + e.getValue(), 60);
                }
            }
        }
    }
}
