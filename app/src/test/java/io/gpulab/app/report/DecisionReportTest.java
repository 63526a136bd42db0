package io.gpulab.app.report;

import io.gpulab.app.gui.plan.PlanChartImages;
import io.gpulab.app.gui.plan.PlanCharts;
import io.gpulab.engine.plan.Candidate;
import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanProgress;
import io.gpulab.engine.plan.PlanReader;
import io.gpulab.engine.plan.PlanResult;
import io.gpulab.engine.plan.PlanRunner;
import io.gpulab.engine.plan.WorkloadResolver;
import io.gpulab.mockgpu.catalog.CardCatalog;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The decision report stands on its own: question and answer first, assumptions, charts, the plan itself. */
class DecisionReportTest {

    private static Plan plan;
    private static PlanResult result;

    @BeforeAll
    static void run() throws Exception {
        // TestFX owns the toolkit in this JVM (its GUI tests need it so); the report's renderer then uses it
        org.testfx.api.FxToolkit.registerPrimaryStage();
        plan = new PlanReader().load("inference-a100-vs-l4");
        result = new PlanRunner().run(plan, new WorkloadResolver(CardCatalog.builtIn(), null)
                .resolve(plan.workload()), PlanProgress.NONE, new AtomicBoolean());
    }

    @Test
    void coverAnswersTheQuestionAndTheAppendixIdentifiesThePlan(@TempDir Path dir) throws Exception {
        Path pdf = dir.resolve("r.pdf");
        int pages = DecisionReport.write(result, "9.9.9", ZonedDateTime.of(2026, 12, 3, 10, 0, 0, 0, ZoneOffset.UTC),
                pdf, PlanChartImages.headless());
        Files.copy(pdf, Path.of("target/decision-report-test.pdf"), StandardCopyOption.REPLACE_EXISTING);
        List<String> text = PdfChecks.pages(pdf);   // page numbers "n / N", nothing below 7 pt, nothing cut
        assertEquals(pages, text.size());
        String cover = text.get(0).replaceAll("\\s+", " ");
        assertTrue(cover.contains("which platform: 4 × A100-80GB per node or 8 × L4 per node"), cover);
        for (String conclusion : result.conclusions()) {
            assertTrue(cover.contains(conclusion), "the cover lacks the conclusion '" + conclusion + "': " + cover);
        }
        assertTrue(cover.startsWith("Decision report") && cover.indexOf("Recommendation: l4") < cover.indexOf(
                "12 pods need H100-80GB, no candidate card matches"), "the recommendation opens the answer: " + cover);
        // l4 leaves 12 pods unplaced: "of those that place everything" contradicted the sentence it ends
        assertTrue(cover.contains("leaves 12 unplaced (12 that no candidate can run). It wins on placing everything "
                + "(placeAll): the lowest cost of those that place every pod a candidate can run, EUR 25,200.00 per "
                + "month against a100's EUR 76,800.00 per month."), cover);
        String second = text.get(1).replaceAll("\\s+", " ");
        for (CandidateResult c : result.candidates()) {
            assertTrue(second.contains(c.name() + " "), "page 2 does not list candidate " + c.name());
        }
        // the workload table's "100 %" and "-" cells are said beside it: a share of the card, and not asked
        assertTrue(second.contains("nvidia.com/gpumem-percentage; 100 % is the whole card's memory") && second.contains(
                "A '-' is not asked: HAMi books the whole card's memory and no compute share unless a candidate sets "
                + "defaultMem or defaultCores"), second);
        String limits = page(text, "Assumptions and limits");
        assertTrue(limits.contains("What was replayed. The workload, in its own order, was replayed on a fresh "
                + "simulated lab per replay: a100 4 replays (search), l4 5 replays (search), a100-fixed-6 1 replay "
                + "(fixed count)."), limits);
        assertTrue(limits.contains("Here: a100: 11 workers replayed and seen to fail; l4: 9 workers replayed and seen "
                + "to fail."), limits);
        String robust = page(text, "How robust the answer is");
        assertTrue(robust.contains("At today's demand, l4 wins in 10 of 10 orders.")
                && robust.contains("seeds 1, 2, 3, 4, 5, 6, 7, 8, 9, 10"), robust);
        assertTrue(limits.contains("A simulation of HAMi v2.10.0's decisions") && limits.contains("No CUDA workload ran")
                && limits.contains("mock device plugin") && limits.contains("Kamaji isolation is per layer"), limits);
        String appendix = text.get(text.size() - 1).replaceAll("\\s+", " ");
        assertTrue(appendix.contains(plan.sha256()) && appendix.contains("9.9.9")
                && appendix.contains("2026-12-03T10:00:00Z") && appendix.contains("kind: Plan"), appendix);
        for (Candidate c : plan.candidates()) {
            assertTrue(page(text, "Candidate " + c.name()).contains("GPU compute allocated"), c.name());
        }
        // a100's curve steps above the grey diagonal at 40-78 % (its 2-card jobs are 4 % of 48 cards): the caption
        // says why (it read as more placed than asked), and the report keeps its nine pages (one per page: the
        // answer, inputs, limits, comparison, robustness, the three candidates, the appendix)
        assertTrue(result.candidates().get(0).curve().stream().anyMatch(p -> p.allocatedPct() > p.arrivedPct() + 1));
        String steps = "Where one pod spans several percent of the capacity (a multi-card job), each of those percents "
                + "shows the allocation after it was placed: the curve steps above the diagonal.";
        assertEquals(java.util.Optional.of(steps), io.gpulab.engine.plan.EmptyCharts.curvesNote(result.candidates()));
        assertTrue(page(text, "The candidates side by side").contains(steps), text.get(3));
        // and a100's own page, read alone, says it under its curve
        assertTrue(page(text, "Candidate a100").contains(steps), page(text, "Candidate a100"));
        assertEquals(9, pages, "inference-a100-vs-l4's report spilled onto another page");
        // a quantity reads as every other: "1,000 GPU-milli", never "1000"
        assertTrue(text.stream().noneMatch(t -> t.contains("1000 ")), "an unformatted 1000");
    }

    private static String page(List<String> text, String heading) {
        return text.stream().map(t -> t.replaceAll("\\s+", " ")).filter(t -> t.trim().startsWith(heading + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no page with " + heading));
    }

    @Test
    void theChartsArePicturesOfThePlanViewsChartsPixelForPixel(@TempDir Path dir) throws Exception {
        Recording charts = new Recording(PlanChartImages.headless());
        Path pdf = dir.resolve("r.pdf");
        DecisionReport.write(result, "9.9.9", pdf, charts);
        List<List<String>> perPage = new ArrayList<>();
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            for (PDPage page : doc.getPages()) {
                List<String> ids = new ArrayList<>();
                for (COSName name : page.getResources().getXObjectNames()) {
                    if (page.getResources().getXObject(name) instanceof PDImageXObject img) {
                        String id = img.getCOSObject().getString(PdfImages.CHART_KEY);
                        ids.add(id);
                        BufferedImage pixels = img.getImage();
                        assertTrue(charts.drawn.stream().anyMatch(c -> c.chart().equals(id)
                                && samePixels(c, pixels)), "picture " + id + " on page "
                                + (perPage.size() + 1) + " is not a picture of the Plan view's chart");
                    }
                }
                perPage.add(ids);
            }
        }
        assertEquals(List.of(), perPage.get(0), "cover");
        List<String> all = perPage.stream().flatMap(List::stream).toList();
        assertTrue(perPage.stream().anyMatch(p -> p.containsAll(List.of(PlanCharts.CURVES, PlanCharts.UTILISATION,
                PlanCharts.STRANDED))), "comparison page: " + perPage);
        assertEquals(1, all.stream().filter(PlanCharts.WINS::equals).count(), "the robustness chart: " + perPage);
        assertEquals(result.candidates().size(), all.stream().filter(PlanCharts.HEAT::equals).count());
        assertEquals(4 + 2 * result.candidates().size(), charts.drawn.size());
    }

    @Test
    void aChartWithNothingToShowIsASentenceNotAnEmptyFrame(@TempDir Path dir) throws Exception {
        // mixed-fleet: every candidate ends with 0.0 % of GPU memory and compute stranded
        Plan mixed = new PlanReader().load("mixed-fleet");
        PlanResult r = new PlanRunner().run(mixed, new WorkloadResolver(CardCatalog.builtIn(), null)
                .resolve(mixed.workload()), PlanProgress.NONE, new AtomicBoolean());
        assertTrue(r.candidates().stream().allMatch(c -> c.strandedMemoryPct() == 0 && c.strandedComputePct() == 0));
        Recording charts = new Recording(PlanChartImages.headless());
        Path pdf = dir.resolve("m.pdf");
        DecisionReport.write(r, "9.9.9", pdf, charts);
        assertTrue(charts.drawn.stream().noneMatch(c -> c.chart().equals(PlanCharts.STRANDED)),
                "no stranded chart of bars of 0");
        assertTrue(charts.drawn.stream().anyMatch(c -> c.chart().equals(PlanCharts.UTILISATION)));
        String all = String.join(" ", PdfChecks.pages(pdf)).replaceAll("\\s+", " ");
        // h100 and l40s: 96 cards each, the same pods placed in the same order; a100-40's 120 cards differ
        assertTrue(all.contains("The curves of h100 and l40s coincide: the same points, drawn one over the other "
                + "(h100's lies under l40s's)."), all);
        assertFalse(all.contains("a100-40 coincide") || all.contains("and a100-40 coincide"), all);
        assertTrue(all.contains("Stranded at the end: none. No candidate leaves GPU memory on cards whose compute or "
                + "sharing slots are exhausted, or GPU compute on cards whose memory or slots are exhausted (0.0 % of "
                + "each)."), all);
    }

    @Test
    void kamajisUpgradeSurgeIsOneStatementOnEveryPageAndItsHiddenCurveIsSaid(@TempDir Path dir) throws Exception {
        // page 1 said "maxSurge: 2 more pods", page 2 "maxSurge 100 %: as many pods again": true for 2 replicas,
        // but a reviewer had to work out that they are the same
        Plan kamaji = new PlanReader().load("kamaji-vs-dedicated");
        PlanResult r = new PlanRunner().run(kamaji, new WorkloadResolver(CardCatalog.builtIn(), null)
                .resolve(kamaji.workload()), PlanProgress.NONE, new AtomicBoolean());
        Path pdf = dir.resolve("k.pdf");
        DecisionReport.write(r, "9.9.9", pdf, new Recording(PlanChartImages.headless()));
        List<String> pages = PdfChecks.pages(pdf).stream().map(p -> p.replaceAll("\\s+", " ")).toList();
        String surge = "maxSurge 100 %: 2 more pods, as many as its replicas";
        assertTrue(pages.get(0).contains("to roll out an upgrade (" + surge + ")"), pages.get(0));
        assertTrue(pages.get(1).contains("keeps room for one tenant's rolling update (" + surge + ")"), pages.get(1));
        String all = String.join(" ", pages);
        assertEquals(all.split("maxSurge", -1).length, all.split(java.util.regex.Pattern.quote(surge), -1).length,
                "every maxSurge reads the same: " + all);
        // kamaji and dedicated replay the same workers and pods: one curve hides the other, and the caption says so
        assertEquals(r.candidates().get(0).curve(), r.candidates().get(1).curve());
        assertTrue(io.gpulab.engine.plan.EmptyCharts.coinciding(result.candidates()).isEmpty(),
                "inference-a100-vs-l4's curves differ");
        assertTrue(all.contains("The curves of kamaji and dedicated coincide: the same points, drawn one over the "
                + "other (kamaji's lies under dedicated's)."), all);
        // kamaji's pods take a card or less: no step above the diagonal, and nothing says so
        assertTrue(io.gpulab.engine.plan.EmptyCharts.aboveDiagonal(r.candidates()).isEmpty());
        assertFalse(all.contains("steps above the diagonal"), all);
    }

    /**
     * A reviewer gets the plan's name and SHA-256 and the plan itself attached, never the folder the author ran it
     * from: page 1 printed "plan /home/alice/…/mixed-fleet.yaml", which named a home directory and meant nothing.
     */
    @Test
    void thePlanIsNamedByItsFileAndHashAndAttachedNeverByTheAuthorsFolders(@TempDir Path dir) throws Exception {
        Path home = Files.createDirectories(dir.resolve("home").resolve("alice").resolve("plans"));
        Path file = Files.writeString(home.resolve("one.yaml"), """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: one}
                workload: {pods: [{name: solo, count: 1, gpuMemMB: 8000, gpuCores: 30, cpu: "2", memory: 8Gi}]}
                candidates:
                  - {name: a, worker: {cpu: 8, memoryMiB: 32768, cards: [{model: L4-24GB, count: 1}]}, workers: 1}
                  - {name: b, worker: {cpu: 8, memoryMiB: 32768, cards: [{model: L4-24GB, count: 2}]}, workers: 1}
                """);
        Plan one = new PlanReader().read(file.toAbsolutePath());
        PlanResult r = new PlanRunner().run(one, new WorkloadResolver(CardCatalog.builtIn(), null)
                .resolve(one.workload()), PlanProgress.NONE, new AtomicBoolean());
        Path pdf = dir.resolve("one.pdf");
        DecisionReport.write(r, "9.9.9", pdf, PlanChartImages.headless());
        List<String> text = PdfChecks.pages(pdf);
        String all = String.join(" ", text).replaceAll("\\s+", " ");
        assertFalse(all.contains("alice") || all.contains(dir.toString()), "the author's folders: " + all);
        String cover = text.get(0).replaceAll("\\s+", " ");
        assertTrue(cover.contains("plan one.yaml · SHA-256 " + one.sha256() + " · attached to this PDF"), cover);
        String appendix = text.get(text.size() - 1).replaceAll("\\s+", " ");
        assertTrue(appendix.contains("plan file one.yaml, in this PDF byte for byte"), appendix);
        var attached = PdfChecks.attachments(pdf);
        assertEquals(List.of("one.yaml"), List.copyOf(attached.keySet()));
        assertEquals(Files.readString(file), new String(attached.get("one.yaml"), java.nio.charset.StandardCharsets.UTF_8));
        // the cover names the page its limits are on, as laid out (it said "page 3" whatever came before)
        int limits = 0;
        while (!text.get(limits).trim().startsWith("Assumptions and limits")) {
            limits++;
        }
        assertTrue(cover.contains("'Assumptions and limits' (page " + (limits + 1) + ")"), cover);
    }

    @Test
    void anOpenbPlansAppendixPinsTheTraceFilesByTheirSha256(@TempDir Path dir) throws Exception {
        io.gpulab.engine.plan.OpenbTraceFixture.write(dir);
        Plan openb = new PlanReader().read("o.yaml", """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: o}
                workload:
                  openb: {pods: pods.csv, nodes: nodes.csv, arrivals: fgd, inflate: 1.3, seed: 7}
                candidates:
                  - {name: a, worker: {cards: [{model: T4, count: 4}]}, workers: 2}
                  - {name: b, worker: {cards: [{model: V100M32, count: 8}]}, workers: 1}
                """, dir);
        PlanResult r = new PlanRunner().run(openb, new WorkloadResolver(CardCatalog.builtIn(), null)
                .resolve(openb.workload()), PlanProgress.NONE, new AtomicBoolean());
        Path pdf = dir.resolve("o.pdf");
        DecisionReport.write(r, "9.9.9", pdf, PlanChartImages.headless());
        List<String> text = PdfChecks.pages(pdf);
        String appendix = text.get(text.size() - 1).replaceAll("\\s+", " ");
        for (String csv : List.of("pods.csv", "nodes.csv")) {
            String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(Files.readAllBytes(dir.resolve(csv))));
            assertTrue(appendix.contains(sha), csv + "'s SHA-256 is not in the appendix: " + appendix);
        }
        // the trace files by the names the plan gives them, not the folder they were read from
        assertFalse(appendix.contains(dir.toString()), appendix);
    }

    private static boolean samePixels(ChartImage a, BufferedImage b) {
        if (a.pixelWidth() != b.getWidth() || a.pixelHeight() != b.getHeight()) {
            return false;
        }
        int[] pb = b.getRGB(0, 0, b.getWidth(), b.getHeight(), null, 0, b.getWidth());
        int[] pa = Arrays.stream(a.argb()).map(p -> p | 0xff000000).toArray();
        return Arrays.equals(pa, Arrays.stream(pb).map(p -> p | 0xff000000).toArray());
    }

    /** Keeps every picture the report asked for. */
    private static final class Recording implements PlanChartSource {
        final List<ChartImage> drawn = new ArrayList<>();
        private final PlanChartSource real;

        Recording(PlanChartSource real) {
            this.real = real;
        }

        private ChartImage keep(ChartImage i) {
            drawn.add(i);
            return i;
        }

        @Override
        public ChartImage curves(List<CandidateResult> c, float w, float h) throws IOException {
            return keep(real.curves(c, w, h));
        }

        @Override
        public ChartImage utilisation(List<CandidateResult> c, float w, float h) throws IOException {
            return keep(real.utilisation(c, w, h));
        }

        @Override
        public ChartImage stranded(List<CandidateResult> c, float w, float h) throws IOException {
            return keep(real.stranded(c, w, h));
        }

        @Override
        public ChartImage wins(io.gpulab.engine.plan.SensitivityResult s, float w, float h) throws IOException {
            return keep(real.wins(s, w, h));
        }

        @Override
        public ChartImage heat(CandidateResult c, float w, float maxH) throws IOException {
            return keep(real.heat(c, w, maxH));
        }
    }
}
