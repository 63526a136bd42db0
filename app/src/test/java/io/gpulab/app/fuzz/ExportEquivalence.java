package io.gpulab.app.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import static io.gpulab.app.fuzz.GuiHistory.CUSTOM;
import static io.gpulab.app.fuzz.GuiHistory.EDITS;
import static io.gpulab.app.fuzz.GuiHistory.OPENABLE;
import static io.gpulab.app.fuzz.GuiHistory.POD_MEM;
import static io.gpulab.app.fuzz.GuiHistory.POD_NAMES;
import static io.gpulab.app.fuzz.GuiHistory.TENANTS;
import static io.gpulab.app.fuzz.GuiHistory.WALKTHROUGHS;
import static io.gpulab.app.fuzz.GuiHistory.browse;

import io.gpulab.app.cli.CliRunner;
import io.gpulab.app.fuzz.GuiHistory.Act;
import io.gpulab.app.fuzz.GuiHistory.History;
import io.gpulab.app.fuzz.GuiHistory.Move;
import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.export.ReportData;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.app.gui.vm.LabHistory;
import io.gpulab.app.gui.vm.PodTemplate;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.export.ReportWriter;
import io.gpulab.app.gui.view.KamajiFaultsMenu;
import io.gpulab.app.gui.view.WalkthroughView;
import io.gpulab.app.gui.vm.CustomPodForm;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughLoader;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import io.gpulab.app.report.ScenarioReport;
import io.gpulab.app.report.ScenarioReportInput;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.LabState;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.StepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;


/**
 * The export-equivalence property's two halves (docs/architecture.md, "Tests"): doing a {@link GuiHistory}'s actions
 * as the workbench's controls do them ({@link #byCommand}: the engine command each menu item, button or form sends),
 * and checking the review report the workbench then exports against {@code gpulab run} of the scenario it attaches
 * ({@link #check}). Counts what the tries reached, so a run that never reached a kind of action or verdict fails.
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

    private final Path dir;
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
        List<LabHistory.Action> timeline = vm.timeline().subList(0, vm.shownVersion());
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

    void byCommand(WorkbenchViewModel vm, WalkthroughViewModel wvm, Act act) throws Exception {
        LabSnapshot s = vm.snapshot();
        TenantView t = s.tenants().get(act.a() % s.tenants().size());
        Optional<NodeView> node = t.nodes().stream().findFirst();
        Optional<CardView> card = t.nodes().stream().flatMap(n -> n.cards().stream()).findFirst();
        PodTemplate template = PodTemplate.builtIns().get(act.b() % PodTemplate.builtIns().size());
        switch (act.move()) {
            case NEXT -> vm.playback().playNextScenarioStep();
            case NEXT2 -> {
                vm.playback().playNextScenarioStep();
                vm.playback().playNextScenarioStep();
            }
            case PLAY -> vm.playback().playScenarioSteps();
            case PLAY_UP_TO -> vm.playback().playScenarioSteps(1 + act.a() % 6);
            case DROP -> vm.submitTemplate(template, t.name(), null);
            case DROP_ON_CARD -> card.ifPresent(c -> vm.submitTemplate(template, t.name(), c.id()));
            // a worker row of the compact view: the pod may use any of that worker's cards
            case DROP_ON_WORKER -> node.filter(n -> !n.cards().isEmpty()).ifPresent(n -> vm.submitTemplate(template,
                    t.name(), String.join(",", n.cards().stream().map(CardView::id).toList())));
            case PASTE -> vm.submitYaml(t.name(), "clipboard", """
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: %s, namespace: default}
                    spec:
                      containers:
                        - name: main
                          image: busybox
                          resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: %d, nvidia.com/gpucores: 30}}
                    """.formatted(POD_NAMES.get(act.b() % POD_NAMES.size()), POD_MEM.get(act.b() % POD_MEM.size())));
            case DELETE -> {
                if (!t.pods().isEmpty()) {
                    vm.deletePod(t.name(), t.pods().get(act.b() % t.pods().size()).key());
                }
            }
            case STEP_30S -> vm.advance(Duration.ofSeconds(30));
            case PLUS_5M -> vm.advance(Duration.ofMinutes(5));
            case RUN_CLOCK -> {
                vm.playingProperty().set(true);
                for (int i = 1 + act.a(); i > 0; i--) {
                    vm.tick(Duration.ofSeconds(15));
                }
                vm.playingProperty().set(false);
            }
            case UNLOCK -> t.nodes().forEach(n -> {
                if (n.lock() != null && n.lock().held()) {
                    vm.faults().unlock(t.name(), n.name());
                }
            });
            case KONNECTIVITY -> vm.faults().setKonnectivity(t.name(), !t.tunnel().agentsUp());
            case CARD_HEALTH -> card.ifPresent(c -> vm.faults().setCardHealth(t.name(), c.id(), !c.health()));
            case PLUGIN -> node.ifPresent(n -> vm.faults().restartPlugin(t.name(), n.name()));
            case KUBELET -> node.ifPresent(n -> vm.faults().setKubelet(t.name(), n.name(), act.b() % 2 == 0));
            case CONTROL_PLANE -> vm.faults().setControlPlaneComponent(t.name(), act.b() % 2 == 0 ? "kube-scheduler"
                    : "kube-controller-manager", act.b() % 4 >= 2);
            case LOSE_REPLICA -> vm.faults().loseControlPlaneReplica(t.name());
            case SCALE_CONTROL_PLANE -> vm.faults().scaleControlPlane(t.name(), 1 + act.b() % 3);
            case WRITE_PERMISSIONS -> vm.faults().setWritePermissions(t.name(), (act.b() & 1) != 0,
                    (act.b() & 2) != 0, (act.b() & 4) != 0);
            case LIFECYCLE -> vm.faults().setLifecycle("article".equals(s.lifecycle()) ? "complete" : "article");
            case POLICY -> vm.faults().setWebhookPolicy(t.name(), "Fail".equals(t.webhookFailurePolicy())
                    ? "Ignore" : "Fail");
            case UNDO -> vm.undo();
            case REDO -> vm.redo();
            case RESET -> vm.reset();
            case TIME_TRAVEL -> vm.past().showVersion(act.a() % (vm.timeline().size() + 1));
            case RETURN_TO_NOW -> vm.past().returnToNow();
            case EDIT -> edit(vm, act);
            case DATASTORE -> dataStore(vm, s.management(), act);
            case DATASTORE_ACCESS -> {
                // as the Faults menu offers it: revoke on an etcd DataStore, grant back once revoked
                boolean revoked = t.controlPlane().has("dataStoreAccess: revoked");
                boolean etcd = s.management().dataStores().stream().anyMatch(d -> d.name().equals(
                        t.controlPlane().dataStore()) && "etcd".equalsIgnoreCase(d.driver()));
                if (revoked || etcd) {
                    vm.faults().setDataStoreAccess(t.name(), revoked);
                }
            }
            case MANAGEMENT_NODE -> {
                List<ManagementView.NodeView> nodes = s.management().nodes();
                if (!nodes.isEmpty()) {
                    ManagementView.NodeView n = nodes.get(act.a() % nodes.size());
                    vm.faults().setManagementNode(n.name(), !"Ready".equals(n.state()) ? "ready"
                            : act.b() % 2 == 0 ? "lost" : "drained");
                }
            }
            case KONNECTIVITY_SERVER -> {
                if (t.controlPlane().components().stream().anyMatch(c -> "konnectivity-server".equals(c.name()))) {
                    vm.faults().restartKonnectivityServer(t.name());
                }
            }
            case UPGRADE -> {
                String next = KamajiFaultsMenu.nextVersion(t.controlPlane().version());
                if (next != null) {
                    vm.faults().upgradeControlPlane(t.name(), next);
                }
            }
            case CUSTOM_POD -> {
                // typed into the palette's form, then its source dragged onto the tenant (or its first card)
                CustomPodForm form = new CustomPodForm();
                List<String> typed = CUSTOM.get(act.b() % CUSTOM.size());
                form.gpusProperty().set(typed.get(0));
                form.memMBProperty().set(typed.get(1));
                form.coresProperty().set(typed.get(2));
                form.template().ifPresent(x -> vm.submitTemplate(x, t.name(), act.b() % 2 == 0
                        ? card.map(CardView::id).orElse(null) : null));
            }
            case OPEN -> vm.files().open(OPENABLE.get(act.a() % OPENABLE.size()));
            case WALKTHROUGH -> WalkthroughView.start(wvm, vm, WALKTHROUGHS.get(act.a() % WALKTHROUGHS.size()));
            case WALKTHROUGH_TEXT -> {
                // Back and Next move through the text, never the lab
                RecordedScenario before = vm.recording();
                for (char c : browse(act.a(), act.b()).toCharArray()) {
                    if (c == 'N') {
                        wvm.next();
                    } else {
                        wvm.back();
                    }
                }
                assertEquals(before, vm.recording(), "Back / Next in the walkthrough panel changed the lab");
            }
            case OPEN_SNAPSHOT -> {
                vm.files().openSnapshot(dumps(act), dir.resolve("imported"));
                countSnapshot(vm);
            }
            case SAVE_REOPEN -> {
                // File → Save scenario, then File → Open scenario of that file
                Path saved = saved(act);
                vm.files().save(saved);
                vm.files().open(saved.toString());
                reached.merge("a saved history reopened", 1, Integer::sum);
            }
        }
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

    /** A member of a DataStore stopped or started, or the whole DataStore, as the Faults menu offers it. */
    private static void dataStore(WorkbenchViewModel vm, ManagementView m, Act act) {
        if (m.dataStores().isEmpty()) {
            return;
        }
        ManagementView.DataStoreView d = m.dataStores().get(act.a() % m.dataStores().size());
        int which = act.b() % (d.members().size() + 1);
        if (which < d.members().size()) {
            ManagementView.MemberView x = d.members().get(which);
            vm.faults().setDataStoreMember(d.name(), x.name(), !x.up());
        } else {
            vm.faults().setDataStoreMember(d.name(), null, !d.members().stream().allMatch(ManagementView.MemberView::up));
        }
    }

    private static void edit(WorkbenchViewModel vm, Act act) {
        switch (act.a() % EDITS.size()) {
            case 0 -> vm.editor().edit("add tenant-c", d -> d.addTenant("tenant-c").addCards("tenant-c",
                    "tenant-c-worker", "L4-24GB", 1));
            case 1 -> vm.editor().edit("deviceSplitCount 4", d -> d.setHami("deviceSplitCount", "4"));
            case 2 -> vm.editor().edit("remove " + TENANTS.get(act.b() % TENANTS.size()),
                    d -> d.removeTenant(TENANTS.get(act.b() % TENANTS.size())));
            default -> vm.editor().edit("2 x A100 on tenant-a-worker", d -> d.addCards("tenant-a", "tenant-a-worker",
                    "A100-80GB", 2));
        }
    }
}

