package io.gpulab.app.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpulab.app.cli.CliRunner;
import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.export.ReportData;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.app.gui.vm.LabHistory;
import io.gpulab.app.gui.vm.PodTemplate;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.report.ScenarioReport;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.StepResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One evidence path (docs/workbench.md): random sequences of what the workbench's controls do (Next step, Play, drops
 * on tenants and cards, pasted YAML, deletes, the clock, faults, lifecycle and policy, Undo, Redo, Reset, lab-editor
 * changes), then the review report the workbench exports. Whatever the sequence: the report's verdicts are those of
 * {@code gpulab run} of the scenario it attaches, and those the workbench showed when each step was played; the checks
 * not reached are NOT RUN, never PASS; the lab the report draws is the lab on screen. Seeded ({@link SeededCases}).
 */
class ExportEquivalenceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SCENARIOS = List.of("article", "lock-lifecycle", "running-is-not-proof");
    private static final List<String> TENANTS = List.of("tenant-a", "tenant-b", "tenant-c");

    @TempDir
    static Path dir;

    private enum Move {
        NEXT, NEXT2, PLAY, DROP, DROP_ON_CARD, PASTE, DELETE, STEP_30S, PLUS_5M, RUN_CLOCK, UNLOCK, KONNECTIVITY,
        CARD_HEALTH, PLUGIN, LIFECYCLE, POLICY, UNDO, REDO, RESET, EDIT
    }

    /** What the cases reached, over the run: each kind of verdict and each kind of history. */
    private final Map<String, Integer> reached = new TreeMap<>();

    @Test
    void theReportOfAnyHistoryIsWhatGpulabRunOfItsAttachedScenarioSays() {
        SeededCases.run("export equivalence", 300, r -> {
            String scenario = SeededCases.pick(r, SCENARIOS);
            EngineLabOpener opener = EngineLabOpener.sim();
            WorkbenchViewModel vm = new WorkbenchViewModel(opener.open(scenario), opener,
                    new CurrentThreadTaskExecutor(), x -> { });
            List<String> moves = new ArrayList<>();
            try {
                int n = 1 + r.nextInt(14);
                for (int i = 0; i < n; i++) {
                    Move m = SeededCases.pick(r, Move.class);
                    moves.add(m.name());
                    move(vm, m, r);
                    assertFalse(vm.statusProperty().get().startsWith("Engine error"),
                            moves + ": " + vm.statusProperty().get());
                }
                return check(vm, scenario + " " + moves);
            } finally {
                vm.close();
            }
        });
        if (!SeededCases.replaying()) {
            for (String what : List.of("PASS", "FAIL", "NOT RUN", "own actions between steps", "edited lab",
                    "history refused a step")) {
                assertTrue(reached.getOrDefault(what, 0) > 0, "no case reached: " + what + " (reached " + reached
                        + ")");
            }
        }
    }

    private int check(WorkbenchViewModel vm, String moves) throws Exception {
        RecordedScenario recorded = vm.recording();
        ScenarioReport.Input report = ReportData.collect(vm);
        Path file = Files.writeString(dir.resolve("attached.yaml"), report.source());
        assertEquals(recorded.text(), report.source(), moves + ": the report attaches the lab's history");

        CliRunner.Result run = CliRunner.run("run", file.toString(), "--json");
        assertTrue(run.exit() == 0 || run.exit() == 1, moves + ": gpulab run of the attached scenario: " + run.err());
        List<String> cli = new ArrayList<>();
        for (JsonNode step : JSON.readTree(run.out()).path("steps")) {
            if (step.path("check").asBoolean()) {
                cli.add((step.path("passed").asBoolean() ? "PASS " : "FAIL ") + step.path("title").asText());
            }
        }
        List<String> reportRun = new ArrayList<>();
        List<String> reportNotRun = new ArrayList<>();
        for (ScenarioReport.Check c : report.checks()) {
            (c.verdict() == ScenarioReport.Verdict.NOT_RUN ? reportNotRun : reportRun)
                    .add(c.verdict().tag() + " " + c.title());
            reached.merge(c.verdict().tag(), 1, Integer::sum);
        }
        assertEquals(cli, reportRun, moves + ": the report's verdicts are gpulab run's\n" + report.source());
        assertEquals(recorded.notRun().stream().map(x -> "NOT RUN " + x.title()).toList(), reportNotRun, moves);
        assertEquals(cli.stream().anyMatch(x -> x.startsWith("FAIL")) ? 1 : 0, run.exit(), moves);

        assertEquals(live(vm), cli, moves + ": the verdicts the workbench showed as each step was played");
        assertEquals(shape(vm.snapshot()), shape(report.snapshot()), moves + ": the report draws the lab on screen");

        if (recorded.own() > 0 && recorded.played() > 0) {
            reached.merge("own actions between steps", 1, Integer::sum);
        }
        if (recorded.name().endsWith("(edited)")) {
            reached.merge("edited lab", 1, Integer::sum);
        }
        return run.exit();
    }

    /** The check results of the steps played since the last reset, as the workbench judged them then. */
    private static List<String> live(WorkbenchViewModel vm) {
        List<LabHistory.Action> timeline = vm.timeline();
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

    private void move(WorkbenchViewModel vm, Move m, SplittableRandom r) {
        LabSnapshot s = vm.snapshot();
        TenantView t = s.tenants().get(r.nextInt(s.tenants().size()));
        switch (m) {
            case NEXT -> vm.playback().playNextScenarioStep();
            case NEXT2 -> {
                vm.playback().playNextScenarioStep();
                vm.playback().playNextScenarioStep();
            }
            case PLAY -> vm.playback().playScenarioSteps();
            case DROP -> vm.submitTemplate(SeededCases.pick(r, PodTemplate.builtIns()), t.name(), null);
            case DROP_ON_CARD -> t.nodes().stream().flatMap(n -> n.cards().stream()).findFirst()
                    .ifPresent(c -> vm.submitTemplate(SeededCases.pick(r, PodTemplate.builtIns()), t.name(), c.id()));
            case PASTE -> vm.submitYaml(t.name(), "clipboard", """
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: %s, namespace: default}
                    spec:
                      containers:
                        - name: main
                          image: busybox
                          resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: %d, nvidia.com/gpucores: 30}}
                    """.formatted(SeededCases.pick(r, List.of("gpu-pod-1", "gpu-pod-2", "pasted", "pod-a")),
                    SeededCases.pick(r, List.of(20_000, 30_000, 90_000))));
            case DELETE -> {
                if (!t.pods().isEmpty()) {
                    vm.deletePod(t.name(), t.pods().get(r.nextInt(t.pods().size())).key());
                }
            }
            case STEP_30S -> vm.advance(Duration.ofSeconds(30));
            case PLUS_5M -> vm.advance(Duration.ofMinutes(5));
            case RUN_CLOCK -> {
                vm.playingProperty().set(true);
                for (int i = 1 + r.nextInt(25); i > 0; i--) {
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
            case CARD_HEALTH -> t.nodes().stream().flatMap(n -> n.cards().stream()).findFirst()
                    .ifPresent(c -> vm.faults().setCardHealth(t.name(), c.id(), !c.health()));
            case PLUGIN -> t.nodes().stream().findFirst().ifPresent(n -> vm.faults().restartPlugin(t.name(), n.name()));
            case LIFECYCLE -> vm.faults().setLifecycle("article".equals(s.lifecycle()) ? "complete" : "article");
            case POLICY -> vm.faults().setWebhookPolicy(t.name(), "Fail".equals(t.webhookFailurePolicy())
                    ? "Ignore" : "Fail");
            case UNDO -> vm.undo();
            case REDO -> vm.redo();
            case RESET -> vm.reset();
            case EDIT -> edit(vm, r);
        }
        if (vm.statusProperty().get().contains("was not played")) {
            reached.merge("history refused a step", 1, Integer::sum);
        }
    }

    private static void edit(WorkbenchViewModel vm, SplittableRandom r) {
        switch (r.nextInt(4)) {
            case 0 -> vm.editor().edit("add tenant-c", d -> d.addTenant("tenant-c").addCards("tenant-c",
                    "tenant-c-worker", "L4-24GB", 1));
            case 1 -> vm.editor().edit("deviceSplitCount 4", d -> d.setHami("deviceSplitCount", "4"));
            case 2 -> vm.editor().edit("remove tenant-b", d -> d.removeTenant(SeededCases.pick(r, TENANTS)));
            default -> vm.editor().edit("2 x A100 on tenant-a-worker", d -> d.addCards("tenant-a", "tenant-a-worker",
                    "A100-80GB", 2));
        }
    }
}
