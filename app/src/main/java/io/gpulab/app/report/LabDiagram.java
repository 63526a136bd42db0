package io.gpulab.app.report;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The lab drawn for paper: per tenant its control plane and Konnectivity state, each worker with its cards
 * (memory and compute fill, slots, the pods sharing it) and the pods that did not run with their reason.
 * Drawn from the snapshot with the report's own fonts, so it carries none of the workbench's controls or
 * hints and no text below 7 pt at any lab size (large labs are summarised, not shrunk).
 */
final class LabDiagram {

    /** Above this many workers the diagram lists tenants only; the tables carry the detail. */
    static final int MAX_WORKERS = 24;
    private static final float[] INK = {0.12f, 0.16f, 0.2f};
    private static final float[] MUTED = {0.38f, 0.42f, 0.47f};
    private static final float[] GOOD = {0.1f, 0.5f, 0.28f};
    private static final float[] BAD = {0.75f, 0.18f, 0.18f};
    private static final float CARD_W = 150;
    private static final float SIZE = 7.5f;

    private LabDiagram() {
    }

    static void draw(PdfDoc pdf, LabSnapshot s) throws IOException {
        int workers = s.tenants().stream().mapToInt(t -> t.nodes().size()).sum();
        for (TenantView t : s.tenants()) {
            pdf.subheading("Tenant " + t.name());
            // the status with what a client reads while the API server refuses (Ready alone would read as working)
            String cp = "TenantControlPlane " + t.controlPlane().phase() + " (Kubernetes "
                    + t.controlPlane().version() + ", " + t.controlPlane().endpoint() + ")"
                    + t.controlPlane().apiInWords();
            cp += cp.endsWith("?") ? " " : ". ";
            // the agents' switch is half the truth: no konnectivity-server runs while no control-plane pod is ready,
            // and without the addon there is no tunnel at all (TunnelState)
            io.gpulab.engine.api.TunnelState state = io.gpulab.engine.api.TunnelState.of(t);
            String unreachable = t.tunnel().webhookReachable() ? "" : " (" + t.tunnel().error() + ")";
            String tunnel = !t.tunnel().known() ? "Konnectivity " + t.tunnel().unknownWords()
                    : state.up() && t.tunnel().webhookReachable() ? "Konnectivity up: HAMi's webhook is reachable"
                    : t.tunnel().agentsUp() && !state.up() ? "Konnectivity " + state.words()
                    + "; HAMi's webhook is NOT reachable" + unreachable
                    : "Konnectivity " + (t.tunnel().agentsUp() ? "up" : "down") + ": HAMi's webhook is NOT reachable"
                    + unreachable;
            pdf.text(cp + tunnel + "; webhook failurePolicy " + t.webhookFailurePolicy() + ".");
            if (workers > MAX_WORKERS) {
                int cards = t.nodes().stream().mapToInt(n -> n.cards().size()).sum();
                pdf.muted(t.nodes().size() + " workers, " + cards + " cards (too many to draw legibly; the card table "
                        + "lists them).");
            } else {
                for (NodeView n : t.nodes()) {
                    worker(pdf, t, n);
                    List<String> unbooked = t.pods().stream().filter(p -> n.name().equals(p.node())
                            && "Running".equals(p.phase()) && p.devices().isEmpty() && p.gpuSlots() > 0)
                            .map(PodView::key).toList();
                    if (!unbooked.isEmpty()) {
                        pdf.tagged("NOTE", false, "Running on " + n.name() + " with no HAMi booking on any card "
                                + "(not scheduled by HAMi): " + String.join(", ", unbooked) + ".");
                    }
                }
            }
            List<PodView> notRunning = t.pods().stream().filter(p -> !"Running".equals(p.phase())
                    && !"Succeeded".equals(p.phase())).toList();
            if (!notRunning.isEmpty()) {
                List<List<String>> rows = new ArrayList<>();
                for (PodView p : notRunning.subList(0, Math.min(40, notRunning.size()))) {
                    rows.add(List.of(p.key(), p.phase(), p.reason().isEmpty() ? p.message() : p.reason()));
                }
                pdf.table(List.of("not running in " + t.name(), "phase", "reason"), rows);
                if (notRunning.size() > 40) {
                    pdf.muted((notRunning.size() - 40) + " more pods are not running; see the JSON of gpulab run.");
                }
            }
        }
    }

    /** One worker: its name and lock, then its cards in rows of four. */
    private static void worker(PdfDoc pdf, TenantView t, NodeView n) throws IOException {
        String lock = n.lock() != null && n.lock().held() ? " · node lock held by " + n.lock().holder() : "";
        int perRow = Math.max(1, (int) ((pdf.width() - 10) / (CARD_W + 6)));
        int rows = (n.cards().size() + perRow - 1) / perRow;
        int lines = 0;
        for (CardView c : n.cards()) {
            lines = Math.max(lines, typeLines(pdf, c).size() + podLines(pdf, c).size());
        }
        float cardH = 36 + lines * 8.5f;
        float h = 18 + Math.max(1, rows) * (cardH + 6);
        DiagramBox box = pdf.diagramBox(h);
        box.frame(0.96f);
        box.text(pdf.bold, 8.5f, "Worker " + n.name(), 6, h - 12, INK);
        box.text(pdf.regular, SIZE, n.cpu() + " CPU · " + n.memoryMiB() + " MiB" + lock,
                12 + pdf.textWidth(pdf.bold, 8.5f, "Worker " + n.name()), h - 12, MUTED);
        if (n.cards().isEmpty()) {
            box.text(pdf.regular, SIZE, "no GPU cards", 6, h - 28, MUTED);
        }
        for (int i = 0; i < n.cards().size(); i++) {
            CardView c = n.cards().get(i);
            float cx = 6 + (i % perRow) * (CARD_W + 6);
            float top = h - 18 - (i / perRow) * (cardH + 6);
            card(pdf, box, c, cx, top, cardH);
        }
    }

    private static void card(PdfDoc pdf, DiagramBox box, CardView c, float x, float top, float h) throws IOException {
        box.rect(x, top - h, CARD_W, h, c.health() ? new float[] {1, 1, 1} : new float[] {1f, 0.93f, 0.93f},
                new float[] {0.75f, 0.78f, 0.82f});
        box.text(pdf.bold, SIZE, c.id() + (c.health() ? "" : " UNHEALTHY"), x + 4, top - 9, c.health() ? INK : BAD);
        float ly = top - 17;
        for (String line : typeLines(pdf, c)) {
            box.text(pdf.regular, 7, line, x + 4, ly, MUTED);
            ly -= 8.5f;
        }
        bar(pdf, box, x + 4, ly - 1, "mem", c.usedMemMB(), c.memMB(), String.format(Locale.ROOT, "%,d/%,d MB",
                c.usedMemMB(), c.memMB()));
        bar(pdf, box, x + 4, ly - 9, "core", c.usedCores(), c.cores(), c.usedCores() + "/" + c.cores());
        box.text(pdf.regular, 7, "slots " + c.usedSlots() + "/" + c.slots(), x + 4, ly - 17.5f, INK);
        ly -= 26.5f;
        for (String line : podLines(pdf, c)) {
            box.text(pdf.regular, 7, line, x + 4, ly, GOOD);
            ly -= 8.5f;
        }
    }

    private static List<String> typeLines(PdfDoc pdf, CardView c) throws IOException {
        return PdfText.wrap(c.type().replace("NVIDIA ", "").replace("NVIDIA-", ""), pdf.regular, 7, CARD_W - 8);
    }

    /** The pods sharing the card, wrapped to its width; past six pods a count stands for the rest. */
    private static List<String> podLines(PdfDoc pdf, CardView c) throws IOException {
        List<String> out = new ArrayList<>();
        List<String> pods = c.pods();
        int shown = pods.size() > 6 ? 5 : pods.size();
        for (int k = 0; k < shown; k++) {
            String name = pods.get(k).startsWith("default/") ? pods.get(k).substring(8) : pods.get(k);
            List<String> lines = PdfText.wrap("• " + name, pdf.regular, 7, CARD_W - 8);
            out.addAll(lines);
        }
        if (shown < pods.size()) {
            out.add("+ " + (pods.size() - shown) + " more pods");
        }
        return out;
    }

    private static void bar(PdfDoc pdf, DiagramBox box, float x, float y, String label, long used, long cap,
                            String value) throws IOException {
        float w = 44;
        box.text(pdf.regular, 7, label, x, y, INK);
        float bx = x + 22;
        box.rect(bx, y - 0.5f, w, 6, new float[] {0.92f, 0.94f, 0.96f}, null);
        float f = cap <= 0 ? 0 : Math.min(1f, (float) used / cap);
        if (f > 0) {
            box.rect(bx, y - 0.5f, w * f, 6, f >= 1 ? BAD : new float[] {0f, 0.447f, 0.698f}, null);
        }
        box.text(pdf.regular, 7, value, bx + w + 3, y, INK);
    }
}
