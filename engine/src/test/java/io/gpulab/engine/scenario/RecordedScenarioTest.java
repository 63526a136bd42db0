package io.gpulab.engine.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A lab's history as a scenario: what it copies, what it leaves as not run, and that it reads and runs back. */
class RecordedScenarioTest {

    private static RecordedScenario.Origin origin(String name) throws Exception {
        String text;
        try (InputStream in = BuiltinScenarios.open(name)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new RecordedScenario.Origin(text, new ScenarioReader().read(name + ".yaml", new StringReader(text),
                false));
    }

    private static List<RecordedScenario.Item> played(int n) {
        List<RecordedScenario.Item> items = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            items.add(new RecordedScenario.Item.Played(i));
        }
        return items;
    }

    private static RunResult run(String text) {
        Scenario s = new ScenarioReader().read("recorded.yaml", new StringReader(text), false);
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            return new ScenarioRunner(b).run(s);
        }
    }

    @Test
    void theArticleHasFivePlayableStepsTheLastCarryingChecksSixToEight() throws Exception {
        List<PlayableStep> p = origin("article").playable();
        assertEquals(5, p.size());
        assertEquals(List.of(1, 1, 1, 1, 4), p.stream().map(x -> x.steps().size()).toList());
        assertEquals(4, p.get(4).first());
        assertEquals(4, p.get(4).checks().size());
        assertEquals("check 5: a 90,000 MB pod exceeds the 81,920 MB card and stays Pending", p.get(4).title());
    }

    @Test
    void aWholePlayIsTheScenarioFileItself() throws Exception {
        RecordedScenario.Origin o = origin("article");
        RecordedScenario r = RecordedScenario.of(o, null, played(5));
        assertEquals(o.source(), r.text());
        assertTrue(r.notRun().isEmpty());
    }

    @Test
    void oneStepRunsItsCheckAndLeavesTheOtherSevenNotRun() throws Exception {
        RecordedScenario r = RecordedScenario.of(origin("article"), null, played(1));
        assertEquals(List.of(2, 3, 4, 5, 6, 7, 8), r.notRun().stream().map(RecordedScenario.NotRun::step).toList());
        RunResult run = run(r.text());
        assertEquals(1, run.steps().size());
        assertEquals(1, run.summary().passed());
        assertEquals("check 1: pod 1 of 3 (20,000 MB, 30 %) runs on tenant-a's card", run.steps().get(0).title());
    }

    @Test
    void aHistoryGpulabWroteIsMarkedSoACutCopyIsRefusedNeverRunShort() throws Exception {
        List<RecordedScenario.Item> items = new ArrayList<>(played(4));
        items.add(new RecordedScenario.Item.Own(new LabCommand.Advance(Duration.ofSeconds(1))));
        String text = RecordedScenario.of(origin("article"), null, items).text();
        assertTrue(text.contains("  generator: gpulab lab history\n") && text.endsWith("end: true\n"), text);
        assertEquals(4, run(text).summary().passed());
        // cut before each step (a copy that stopped at a step boundary read as a shorter, passing history before)
        int from = text.indexOf("\nsteps:\n");
        int cuts = 0;
        for (int at = text.indexOf("\n- ", from); at > 0; at = text.indexOf("\n- ", at + 1)) {   // a step
            String cut = text.substring(0, at + 1);
            ScenarioException e = assertThrows(ScenarioException.class,
                    () -> new ScenarioReader().read("cut.yaml", new StringReader(cut), false), cut);
            assertTrue(e.getMessage().contains("the file is cut short: metadata.generator (gpulab lab history)"),
                    e.getMessage());
            cuts++;
        }
        assertEquals(5, cuts, "one cut before each of the history's 5 steps: " + text);
    }

    @Test
    void ownActionsAreRecordedBetweenTheScenariosStepsAsTheStepsThatDoTheSame() throws Exception {
        List<RecordedScenario.Item> items = new ArrayList<>(played(1));
        items.add(new RecordedScenario.Item.Own(new LabCommand.Advance(Duration.ofSeconds(30))));
        items.add(new RecordedScenario.Item.Own(new LabCommand.SetKonnectivity("tenant-b", false)));
        items.add(new RecordedScenario.Item.Own(new LabCommand.LockPatchFault("tenant-b", "tenant-b-worker", "conflict",
                2)));
        items.add(new RecordedScenario.Item.Own(new LabCommand.TakeLock("tenant-b", "tenant-b-worker", "default/x",
                null)));
        items.add(new RecordedScenario.Item.Own(new LabCommand.ReleaseLock("tenant-b", "tenant-b-worker",
                "default/x")));
        items.add(new RecordedScenario.Item.Played(2));
        RecordedScenario r = RecordedScenario.of(origin("article"), null, items);
        assertEquals(5, r.own());
        Scenario back = new ScenarioReader().read("recorded.yaml", new StringReader(r.text()), false);
        assertEquals(List.of("submit", "advance", "fault", "fault", "lock", "release", "submit"),
                back.steps().stream().map(Step::action).toList());
        assertEquals("workbench action: advance 30s", back.steps().get(1).label());
        RunResult run = run(r.text());
        assertEquals(2, run.summary().passed());
        assertEquals(0, run.summary().failed());
    }

    @Test
    void theVisibilityChecksKeepTheirQuotedQuantities() throws Exception {
        List<RecordedScenario.Item> items = new ArrayList<>(played(4));
        items.add(new RecordedScenario.Item.Own(new LabCommand.Advance(Duration.ofSeconds(1))));
        items.add(new RecordedScenario.Item.Played(5));
        RunResult run = run(RecordedScenario.of(origin("article"), null, items).text());
        assertEquals(8, run.summary().passed(), run.steps().toString());
    }

    @Test
    void aHistoryPlaysEachStepOnceInOrder() throws Exception {
        RecordedScenario.Origin o = origin("article");
        assertThrows(IllegalArgumentException.class,
                () -> RecordedScenario.of(o, null, List.of(new RecordedScenario.Item.Played(2))));
        assertThrows(IllegalArgumentException.class, () -> RecordedScenario.of(o, null,
                List.of(new RecordedScenario.Item.Played(1), new RecordedScenario.Item.Played(1))));
    }

    @Test
    void aHistoryThatWouldNotReadBackIsRefusedNamingTheStep() throws Exception {
        RecordedScenario.Origin o = origin("article");
        Map<String, Object> pod = Map.of("apiVersion", "v1", "kind", "Pod",
                "metadata", Map.of("name", "gpu-pod-1", "namespace", "default"),
                "spec", Map.of("containers", List.of(Map.of("name", "main", "image", "busybox"))));
        List<RecordedScenario.Item> items = List.of(
                new RecordedScenario.Item.Own(new LabCommand.SubmitPod("tenant-a", pod)),
                new RecordedScenario.Item.Played(1));
        RecordedScenario.Unreadable u = RecordedScenario.firstUnreadable(o, null, items);
        assertEquals(1, u.item());
        assertTrue(u.problem().startsWith("submit.pod: pod default/gpu-pod-1 already exists in tenant tenant-a "
                + "(submitted by step 1 of the lab's history)"), u.problem());
        assertEquals(null, RecordedScenario.firstUnreadable(o, null, items.subList(0, 1)));
    }

    @Test
    void anEditedLabIsNamedSoAndItsStepsAreCheckedOnTheEditedDesign() throws Exception {
        RecordedScenario.Origin o = origin("article");
        LabDesign d = LabDesign.of(o.source()).removeTenant("tenant-b")
                .editedFrom("article", o.scenario().lab().description(), List.of("remove tenant tenant-b"));
        assertEquals("article (edited)", d.spec().name());
        assertTrue(d.spec().description().startsWith("Edited in the workbench from the scenario article: remove "
                + "tenant tenant-b. The scenario article's own description, written before these edits (its figures may no "
                + "longer hold of this lab): The lab of"), d.spec().description());
        EditedDescription e = EditedDescription.parse("article", d.spec().description());
        assertEquals("remove tenant tenant-b", e.changes());
        assertEquals(o.scenario().lab().description().strip(), e.original());
        RecordedScenario r = RecordedScenario.of(o, d, played(4));
        assertEquals("article (edited)", r.name());
        assertTrue(r.text().contains("name: article (edited)"), r.text());
        assertEquals(4, run(r.text()).summary().passed());
        RecordedScenario.Unreadable u = RecordedScenario.firstUnreadable(o, d, played(5));
        assertEquals(4, u.item());
        assertTrue(u.problem().contains("tenant-b"), u.problem());
    }
}
