package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gpulab plan}: the JSON contract of docs/plan-format.md, CSV files, progress and exit codes. */
class PlanCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @org.junit.jupiter.api.BeforeAll
    static void toolkit() throws Exception {
        // --out renders the Plan view's charts; TestFX owns the toolkit in this JVM (its GUI tests need it so)
        org.testfx.api.FxToolkit.registerPrimaryStage();
    }

    @Test
    void jsonFollowsTheContractWithAbsentFieldsLeftOut() throws Exception {
        CliHarness.Result r = CliHarness.run("plan", "inference-a100-vs-l4", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode doc = JSON.readTree(r.out());
        List<String> top = new ArrayList<>();
        doc.fieldNames().forEachRemaining(top::add);
        assertEquals(List.of("gpulabVersion", "plan", "workload", "candidates", "wallMs"), top.subList(0, 5));
        assertEquals("inference-a100-vs-l4", doc.get("plan").asText());
        assertEquals(122, doc.get("workload").get("pods").asInt());
        assertTrue(doc.get("workload").get("gpuMilli").asLong() > 0);
        JsonNode a100 = doc.get("candidates").get(0);
        List<String> fields = new ArrayList<>();
        a100.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("name", "workers", "cards", "placed", "pending", "pendingByReason", "gpuAllocationPct",
                "curve", "minWorkers", "cost"), fields.subList(0, 10));
        assertEquals(a100.get("workers").asInt(), a100.get("minWorkers").asInt());
        assertEquals(a100.get("workers").asInt() * 4, a100.get("cards").asInt());
        JsonNode point = a100.get("curve").get(0);
        assertTrue(point.has("arrivedPct") && point.has("allocatedPct"));
        // a fixed count has no minWorkers: absent, not null
        JsonNode fixed = doc.get("candidates").get(2);
        assertFalse(fixed.has("minWorkers"));
        assertTrue(doc.get("conclusions").get(0).asText().startsWith("Recommendation: l4, 10 workers with 80 cards"));
        assertEquals("l4", doc.get("recommendation").get("candidate").asText());
        assertEquals(36, doc.get("recommendation").get("term").asInt());
        assertEquals(25200.0 * 36, doc.get("recommendation").get("totalCost").asDouble());
        JsonNode allocation = a100.get("allocation");
        assertEquals(a100.get("utilisation").get("gpuMemoryPct").asDouble(), allocation.get("gpuMemoryPct").asDouble());
        assertEquals(a100.get("gpuAllocationPct").asDouble(), allocation.get("gpuComputePct").asDouble());
        JsonNode sens = doc.get("sensitivity");
        assertEquals(10, sens.get("seeds").size());
        assertEquals(10, sens.get("steps").get(0).get("winners").size());
        assertTrue(r.err().contains("plan: a100 done after"), r.err());
    }

    @Test
    void theTextAnswerWritesEveryCountAsTheReportDoesWhileJsonKeepsThemRaw(@TempDir Path dir) throws Exception {
        // the text read "1080 workers, 8640 cards: 10740 placed" and "{CardInsufficientMemory=2203, NeverFits=5}"
        // beside the recommendation's "1,080 workers"
        Path plan = dir.resolve("big.yaml");
        Files.writeString(plan, """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: big}
                workload: {pods: [{name: whole, count: 1001, gpus: 1, gpuMemMB: 80000}]}
                candidates:
                  - {name: many, worker: {cpu: 8, memoryMiB: 65536, cards: [{model: A100-80GB, count: 1}]}, workers: 1001}
                  - {name: one, worker: {cpu: 8, memoryMiB: 65536, cards: [{model: A100-80GB, count: 1}]}, workers: 1}
                """);
        CliHarness.Result r = CliHarness.run("plan", plan.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains(", 1,001 pods\n"), r.out());
        assertTrue(r.out().contains("1,001 workers, 1,001 cards: 1,001 placed, 0 pending; booked"), r.out());
        assertTrue(r.out().contains("1 placed, 1,000 pending {CardInsufficientMemory: 1,000}; booked"), r.out());
        assertTrue(r.out().contains("Places everything with the fewest cards: many, 1,001 workers, 1,001 cards"),
                r.out());
        assertFalse(r.out().matches("(?s).*[^0-9,.][0-9]{4,}[^0-9].*"), "a count without separators: " + r.out());
        JsonNode doc = JSON.readTree(CliHarness.run("plan", plan.toString(), "--json").out());
        assertEquals("1001", doc.get("candidates").get(0).get("workers").toString());
    }

    @Test
    void aCountOfOneReadsInTheSingularInTheTextAndTheReport(@TempDir Path dir) throws Exception {
        // the text read "1 workers, 1 cards ... (1 replays)", the report "1 replays from the lower bound of 1 workers"
        // and "1 workers were replayed"
        Path plan = dir.resolve("one.yaml");
        Files.writeString(plan, """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: one}
                workload: {pods: [{name: solo, count: 1, gpuMemMB: 8000, gpuCores: 30, cpu: "2", memory: 8Gi}]}
                prices: {currency: EUR, period: month, worker: 100, cards: {L4-24GB: 240}, term: 1}
                sensitivity: {orders: 1, growth: [0, 100]}
                candidates:
                  - {name: tiny, worker: {cpu: 8, memoryMiB: 32768, cards: [{model: L4-24GB, count: 1}]}, minimize: workers}
                  - {name: two, worker: {cpu: 8, memoryMiB: 32768, cards: [{model: L4-24GB, count: 1}]}, workers: 2}
                """);
        Path pdf = dir.resolve("one.pdf");
        CliHarness.Result r = CliHarness.run("plan", plan.toString(), "--out", pdf.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("workload: 1 pod template, 1 pod\n"), r.out());
        assertTrue(r.out().contains("1 worker, 1 card: 1 placed, 0 pending"), r.out());
        assertTrue(r.out().contains("min workers 1 (1 replay)"), r.out());
        assertTrue(r.out().contains("2 workers, 2 cards: 1 placed"), r.out());
        String lines;
        try (org.apache.pdfbox.pdmodel.PDDocument d = org.apache.pdfbox.Loader.loadPDF(pdf.toFile())) {
            lines = new org.apache.pdfbox.text.PDFTextStripper().getText(d);
        }
        String text = lines.replaceAll("\\s+", " ");
        assertTrue(text.contains("1 replay from the lower bound of 1 worker: 1 placed all"), text);
        assertTrue(text.contains("replayed under 1 other arrival order at each growth step"), text);
        assertTrue(text.contains("1 pod asking for 300 GPU-milli"), text);
        assertTrue(text.contains("java.util.Random with the seed 1 "), text);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b1 (worker|card|pod|replay|order|tenant|"
                + "candidate|machine|thread|other arrival order|growth step)s\\b").matcher(r.out() + "\n" + lines.replaceAll("[ \\t]+", " "));   // line by line: a table row ends
        // its line ("pods placed 1 of 1" above "pods pending 0")
        boolean plural = m.find();
        assertFalse(plural, "a count of 1 in the plural: '" + (plural ? m.group() : "") + "' in " + r.out() + text);
    }

    @Test
    void csvFilesHoldOneRowPerCandidate(@TempDir Path dir) throws Exception {
        CliHarness.Result r = CliHarness.run("plan", "mixed-fleet", "--csv", dir.toString(), "--out",
                dir.resolve("report.pdf").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().matches("(?s).*plan: wrote " + java.util.regex.Pattern.quote(dir.resolve("report.pdf")
                .toString()) + " \\(\\d+ pages\\).*"), r.err());
        List<String> rows = Files.readAllLines(dir.resolve("candidates.csv"));
        assertEquals(4, rows.size(), rows.toString());
        assertTrue(rows.get(1).startsWith("h100,"), rows.get(1));
        assertTrue(Files.readAllLines(dir.resolve("curves.csv")).size() > 30);
        assertTrue(r.out().contains("answer:"), r.out());
    }

    @Test
    void ordersOnTheCommandLineReplayThatManyOrdersAndKeepThePlansGrowth() throws Exception {
        CliHarness.Result r = CliHarness.run("plan", "mixed-fleet", "--orders", "3", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode sens = JSON.readTree(r.out()).get("sensitivity");
        assertEquals(3, sens.get("orders").asInt());
        assertEquals("[0,50]", sens.get("growth").toString());
        assertEquals(3, sens.get("steps").get(1).get("winners").size());
        assertTrue(r.err().contains("plan: robustness replays 18/18"), r.err());
        CliHarness.Result bad = CliHarness.run("plan", "mixed-fleet", "--orders", "0");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("--orders must be between 1 and 1000, got 0"), bad.err());
    }

    @Test
    void aPlanBeyondItsWorkIsRefusedInOneLineWithTheEstimateAndHowToLiftTheBound() throws Exception {
        CliHarness.Result r = CliHarness.run("plan", "mixed-fleet", "--max-work", "1000");
        assertEquals(2, r.exit(), r.err());
        assertEquals("", r.out());
        String line = r.err().strip();
        assertFalse(line.contains("\n"), line);
        assertTrue(line.startsWith("gpulab plan: this plan's replays take about "), line);
        assertTrue(line.contains("more than the 1,000 a plan may take") && line.contains("--max-work "), line);
        CliHarness.Result lifted = CliHarness.run("plan", "mixed-fleet", "--max-work", line.replaceAll(".*--max-work ",
                ""), "--json");
        assertEquals(0, lifted.exit(), lifted.err());
        CliHarness.Result zero = CliHarness.run("plan", "mixed-fleet", "--max-work", "0");
        assertEquals(2, zero.exit());
        assertTrue(zero.err().contains("--max-work must be at least 1, got 0"), zero.err());
    }

    /**
     * A plan that passes its estimate but does more while replaying: 200 pods of 57 % of an L4 arrive, then leave;
     * 16 workers hold their demand by the capacity bound but only 128 at once, so every departure rechecks the pods
     * still waiting (about 2,600 rechecks, 650 steps, that the estimate of 523 does not see).
     */
    @Test
    void aPlanWhoseRealWorkPassesTheBoundIsStoppedInOneLineAndWritesNothing(@TempDir Path dir) throws Exception {
        Path plan = io.gpulab.engine.testkit.WaitingPlan.write(dir, 16);
        Path pdf = dir.resolve("r.pdf");
        Path csv = dir.resolve("csv");
        CliHarness.Result r = CliHarness.run("plan", plan.toString(), "--max-work", "1000", "--json", "--out",
                pdf.toString(), "--csv", csv.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals("", r.out(), "no JSON of a plan that has no answer");
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
        // after the progress lines of the candidates done (stderr is no terminal here), one line; the candidate
        // that took the step past the bound is l4 unless a100's replay was still running then
        String line = r.err().strip().substring(r.err().strip().lastIndexOf('\n') + 1);
        assertTrue(line.matches("gpulab plan: this plan was stopped after 1,[0-9]{3} replay steps, past the 1,000 a "
                + "plan may take \\(estimated up front at 523\\), at candidate (l4|a100), replay 1 "
                + "\\((16|25) workers\\): give fewer pods, workers, candidates or orders, or lift the bound with "
                + "--max-work"), line);
        assertFalse(Files.exists(pdf), "no report");
        assertFalse(Files.exists(csv), "no CSV folder");
        try (var left = Files.list(dir)) {
            assertEquals(List.of("p.yaml", "s.yaml"), left.map(f -> f.getFileName().toString()).sorted().toList(),
                    "no temporary file left");
        }
        CliHarness.Result lifted = CliHarness.run("plan", plan.toString(), "--max-work", "10000", "--json");
        assertEquals(0, lifted.exit(), lifted.err());
        assertEquals(200, JSON.readTree(lifted.out()).get("candidates").get(0).get("placed").asInt());
    }

    @Test
    void aBadPlanExitsTwoNamingFileLineAndField(@TempDir Path dir) throws Exception {
        Path plan = dir.resolve("bad.yaml");
        Files.writeString(plan, """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: bad}
                workload:
                  pods: [{name: p, count: 1}]
                candidates:
                  - {name: a, worker: {cards: [{model: A100-80GB}]}, workers: 1}
                  - {name: b, worker: {cards: [{model: Z9}]}, workers: 1}
                """);
        CliHarness.Result r = CliHarness.run("plan", plan.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("gpulab plan: " + plan + ":8: candidates[1].worker.cards[0].model: unknown card"
                + " model 'Z9' (catalog: A100-40GB, "), r.err());
    }
}
