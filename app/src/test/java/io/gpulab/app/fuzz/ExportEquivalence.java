package io.gpulab.app.fuzz;

import static io.gpulab.app.fuzz.GuiHistory.TENANTS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

import io.gpulab.app.cli.CliRunner;
import io.gpulab.app.fuzz.GuiHistory.Act;
import io.gpulab.app.fuzz.GuiHistory.History;
import io.gpulab.app.fuzz.GuiHistory.Move;
import io.gpulab.app.gui.export.ReportData;
import io.gpulab.app.gui.vm.LabHistory;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.export.ReportWriter;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import io.gpulab.app.report.ScenarioReport;
import io.gpulab.app.report.ScenarioReportInput;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.LabState;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.StepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.HexFormat;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * The export-equivalence property (docs/architecture.md, "Tests"): doing a {@link GuiHistory}'s actions with some
 * {@link Hands} (the commands the controls send, {@link CommandHands}, or the robot's clicks), then checking the review
 * report the workbench exports against {@code gpulab run} of the scenario it attaches ({@link #check}). Counts what
 * the tries reached, so a run that never reached a kind of action or verdict fails.
 */
final class ExportEquivalence {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** As gpulab run --json writes a lab's state. */
    private static final ObjectMapper STATE = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS).build();
    private static final Pattern SHA = Pattern.compile("SHA-256\\s+([0-9a-f]{64})");

    /** How one action is done: by the command its control sends, or by clicking the control. */
    @FunctionalInterface
    interface Hands {
        void act(WorkbenchViewModel vm, WalkthroughViewModel wvm, Act act) throws Exception;
    }

    /** The scratch folder of the run: attached scenarios, reports, dumps and saved files. */
    final Path dir;
    /** What the tries reached, over the run: each kind of verdict and each kind of history. */
    final Map<String, Integer> reached = new TreeMap<>();

    ExportEquivalence(Path dir) {
        this.dir = dir;
    }

    /** Does the history's actions with {@code hands}, then checks the report the workbench exports. */
    void play(History h, WorkbenchViewModel vm, WalkthroughViewModel wvm, Hands hands) throws Exception {
        List<Act> done = new ArrayList<>();
        for (Act act : h.acts()) {
            done.add(act);
            hands.act(vm, wvm, act);
            reached.merge("did " + act.move(), 1, Integer::sum);
            if (vm.statusProperty().get().contains("was not played")) {
                reached.merge("history refused a step", 1, Integer::sum);
            }
            assertFalse(vm.statusProperty().get().startsWith("Engine error"), done + ": " + vm.statusProperty().get());
        }
        check(vm, h.toString(), h.pdf());
    }

    /** Fails unless the run reached each of {@code what} and did each of {@code moves}. */
    void assertReached(List<String> what, List<Move> moves) {
        System.out.println("reached: " + reached);
        if (SeededCases.replaying()) {
            return;
        }
        for (String w : what) {
            assertTrue(reached.getOrDefault(w, 0) > 0, "no try reached: " + w + " (reached " + reached + ")");
        }
        for (Move m : moves) {
            assertTrue(reached.getOrDefault("did " + m, 0) > 0, "no try did " + m + " (reached " + reached + ")");
        }
    }

    void check(WorkbenchViewModel vm, String moves, boolean pdf) throws Exception {
        RecordedScenario recorded = vm.recording();
        ScenarioReport.Input report = ReportData.collect(vm);
        Path file = Files.writeString(dir.resolve("attached.yaml"), report.source());
        assertEquals(recorded.text(), report.source(), moves + ": the report attaches the lab's history");

        CliRunner.Result run = CliRunner.run("run", file.toString(), "--json");
        assertTrue(run.exit() == 0 || run.exit() == 1, moves + ": gpulab run of the attached scenario: " + run.err());
        List<String> cli = new ArrayList<>();
        List<String> cliLines = new ArrayList<>();
        for (JsonNode step : JSON.readTree(run.out()).path("steps")) {
            if (step.path("check").asBoolean()) {
                String verdict = (step.path("passed").asBoolean() ? "PASS " : "FAIL ") + step.path("title").asText();
                cli.add(verdict);
                List<String> problems = new ArrayList<>();
                step.path("problems").forEach(x -> problems.add(x.asText()));
                cliLines.add(line(verdict, step.path("index").asInt(), step.path("line").asInt(),
                        ScenarioReportInput.flat(JSON.treeToValue(step.path("expect"), Object.class)),
                        ScenarioReportInput.flat(JSON.treeToValue(step.path("observed"), Object.class)), problems));
            }
        }
        List<String> reportRun = new ArrayList<>();
        List<String> reportLines = new ArrayList<>();
        List<String> reportNotRun = new ArrayList<>();
        for (ScenarioReport.Check c : report.checks()) {
            String verdict = c.verdict().tag() + " " + c.title();
            if (c.verdict() == ScenarioReport.Verdict.NOT_RUN) {
                reportNotRun.add(verdict + " in step " + c.playable());
            } else {
                reportRun.add(verdict);
                reportLines.add(line(verdict, c.step(), c.line(), c.expected(), c.observed(), c.problems()));
            }
            reached.merge(c.verdict().tag(), 1, Integer::sum);
        }
        assertEquals(cli, reportRun, moves + ": the report's verdicts are gpulab run's\n" + report.source());
        assertEquals(cliLines, reportLines, moves + ": each line of the report says what gpulab run says");
        assertEquals(recorded.notRun().stream().map(x -> "NOT RUN " + x.title() + " in step " + x.playable())
                .toList(), reportNotRun, moves);
        assertEquals(cli.stream().anyMatch(x -> x.startsWith("FAIL")) ? 1 : 0, run.exit(), moves);

        assertEquals(live(vm), cli, moves + ": the verdicts the workbench showed as each step was played");
        assertEquals(shape(vm.snapshot()), shape(report.snapshot()), moves + ": the report draws the lab on screen");
        assertEquals(JSON.readTree(run.out()).path("state").toPrettyString(),
                STATE.valueToTree(LabState.of(report.snapshot())).toPrettyString(),
                moves + ": gpulab run of the attached scenario ends in the lab the report draws\n" + report.source());
        if (pdf) {
            assertPdfNamesTheFile(report, file, moves);
            reached.merge("PDF read back", 1, Integer::sum);
        }

        if (recorded.own() > 0 && recorded.played() > 0) {
            reached.merge("own actions between steps", 1, Integer::sum);
        }
        if (recorded.name().endsWith("(edited)")) {
            reached.merge("edited lab", 1, Integer::sum);
        }
        if (vm.past().showing()) {
            reached.merge("a past version exported", 1, Integer::sum);
        }
    }

    /** One check as the report's verification section prints it: verdict and title, where, the table, the problems. */
    private static String line(String verdict, int step, int line, Map<String, String> expected,
                               Map<String, String> observed, List<String> problems) {
        return verdict + " | step " + step + " line " + line + " | expected " + expected + " | observed " + observed
                + " | did not hold: " + problems;
    }

    /**
     * The PDF the workbench writes (File → Export review report's code): it carries the attached file byte for byte,
     * the SHA-256 it prints is that file's, its summary counts gpulab run's verdicts. Written without the isolation-by-layer page, whose derivation
     * (failing each part on copies of the lab) is not part of this property and would make each try several times
     * slower; IsolationPageTest checks that page.
     */
    private void assertPdfNamesTheFile(ScenarioReport.Input full, Path attached, String moves)
            throws Exception {
        ScenarioReport.Input report = new ScenarioReport.Input(full.scenario(), full.description(), full.source(),
                full.snapshot(), full.checks(), full.traces(), full.history(), null);
        Path pdf = dir.resolve("report.pdf");
        ReportWriter.write(report, pdf);
        String text;
        List<byte[]> embedded = new ArrayList<>();
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            text = new PDFTextStripper().getText(doc);
            var names = doc.getDocumentCatalog().getNames();
            if (names != null && names.getEmbeddedFiles() != null && names.getEmbeddedFiles().getNames() != null) {
                for (var f : names.getEmbeddedFiles().getNames().values()) {
                    embedded.add(f.getEmbeddedFile().toByteArray());
                }
            }
        }
        assertEquals(1, embedded.size(), moves + ": the PDF attaches one file");
        assertEquals(HexFormat.of().formatHex(Files.readAllBytes(attached)), HexFormat.of().formatHex(embedded.get(0)),
                moves + ": the file the PDF attaches is the scenario the report was made from, byte for byte");
        Matcher sha = SHA.matcher(text);
        assertTrue(sha.find(), moves + ": the report prints no SHA-256");
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(attached))),
                sha.group(1), moves + ": the SHA-256 the report prints is the attached file's");
        long passed = report.checks().stream().filter(ScenarioReport.Check::passed).count();
        assertTrue(report.checks().isEmpty() || text.contains(passed + " of " + report.checks().size()
                + " checks passed"), moves + ": the report counts " + passed + " of " + report.checks().size()
                + " passed");
    }

    /** The check results of the steps played since the last reset, as the workbench judged them then. */
    private static List<String> live(WorkbenchViewModel vm) {
        List<LabHistory.Action> timeline = vm.history().timeline().subList(0, vm.history().shownVersion());
        int from = 0;
        for (int i = 0; i < timeline.size(); i++) {
            if (timeline.get(i).rebuilds()) {
                from = i + 1;
            }
        }
        List<String> out = new ArrayList<>();
        for (LabHistory.Action a : timeline.subList(from, timeline.size())) {
            for (LabHistory.Applied x : a.applied()) {
                for (StepResult s : x.results()) {
                    if (s.check()) {
                        out.add((s.passed() ? "PASS " : "FAIL ") + s.title());
                    }
                }
            }
        }
        return out;
    }

    /** What a user sees of a lab: the clock, cards with their use, pods with phase, node, reason and cards. */
    private static List<String> shape(LabSnapshot s) {
        List<String> out = new ArrayList<>();
        out.add(s.scenario() + " " + s.now() + " " + s.lifecycle());
        for (TenantView t : s.tenants()) {
            out.add(t.name() + " " + t.webhookFailurePolicy() + " konnectivity " + t.tunnel().agentsUp());
            for (NodeView n : t.nodes()) {
                out.add(" " + n.name() + " lock " + (n.lock() != null && n.lock().held() ? n.lock().holder() : "-"));
                for (CardView c : n.cards()) {
                    out.add("  " + c.id() + " " + c.usedMemMB() + "/" + c.memMB() + " " + c.usedCores() + " "
                            + c.usedSlots() + "/" + c.slots() + " " + c.health() + " " + c.pods());
                }
            }
            for (PodView p : t.pods()) {
                out.add("  pod " + p.key() + " " + p.phase() + " " + p.node() + " " + p.reason() + " " + p.devices());
            }
        }
        return out;
    }

    /**
     * What File → Open snapshot is given: one kubectl dump per tenant, as a cluster or a hostile user writes them (the
     * import refuses some: the lab then stays as it was).
     */
    List<Path> dumps(Act act) throws java.io.IOException {
        Path folder = Files.createDirectories(dir.resolve("dumps-" + act.a() + "-" + act.b()));
        List<Path> chosen = new ArrayList<>();
        for (int i = 0; i <= act.b() % 2; i++) {
            chosen.add(Files.writeString(folder.resolve(TENANTS.get(i) + ".yaml"),
                    SnapshotFuzzTest.dump(new SplittableRandom(act.a() * 31L + i))));
        }
        if (act.b() % 5 == 4) {
            // a dump cut short while it was copied: the whole open is refused, naming the file and line
            chosen.add(Files.writeString(folder.resolve("tenant-c.yaml"), "apiVersion: v1\nkind: List\nitems: [\n"));
        }
        return chosen;
    }

    /** Counts a snapshot the workbench opened (a refused dump leaves the lab and says why). */
    void countSnapshot(WorkbenchViewModel vm) {
        String status = vm.statusProperty().get();
        // "Opened snapshot on sim", or, when the import left items out, "Snapshot opened; not imported: ..."
        if (status.startsWith("Opened snapshot") || status.startsWith("Snapshot opened")) {
            reached.merge("a snapshot opened", 1, Integer::sum);
        } else if (status.startsWith("Cannot open snapshot: ")) {
            reached.merge("a snapshot refused", 1, Integer::sum);
        }
    }

    /** The file Save writes and Open then reads in a Save-then-reopen. */
    Path saved(Act act) {
        return dir.resolve("saved-" + act.a() + ".yaml");
    }
}
