package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.api.PodView;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One lab history (docs/workbench.md): Next step, Play, the clock, Undo, Redo and Reset share it, so the step counter,
 * the timeline and Undo never disagree, and no scenario step is applied twice.
 */
class LabHistoryTest extends FreshArticleLab {

    private List<String> pods() {
        return vm.snapshot().tenant("tenant-a").orElseThrow().pods().stream().map(p -> p.name() + " " + p.phase())
                .toList();
    }

    private void runTheClock(int ticks) {
        vm.playingProperty().set(true);
        for (int i = 0; i < ticks; i++) {
            vm.tick(Duration.ofSeconds(15));
        }
        vm.playingProperty().set(false);
    }

    @Test
    void runningTheClockBetweenTwoStepsNeitherRewindsTheCounterNorReplaysAStep() {
        vm.reset();
        vm.playback().playNextScenarioStep();
        vm.playback().playNextScenarioStep();
        runTheClock(4);
        assertEquals(2, vm.playback().scenarioStepsPlayed(), "the clock plays no scenario step");
        vm.playback().playNextScenarioStep();
        assertEquals(3, vm.playback().scenarioStepsPlayed());
        assertEquals(List.of("gpu-pod-1 Running", "gpu-pod-2 Running", "gpu-pod-3 Running"), pods());
        assertEquals(StatusKind.OK, vm.statusKindProperty().get(), vm.statusProperty().get());
        vm.playback().playScenarioSteps();
        assertEquals(5, vm.playback().scenarioStepsPlayed());
        assertEquals(List.of("Lab reset", "Step 1 of 5: check 1: pod 1 of 3 (20,000 MB, 30 %) runs on tenant-a's card",
                "Step 2 of 5: check 2: pod 2 of 3 (20,000 MB, 30 %) runs on tenant-a's card", "Ran the clock for 1m",
                "Step 3 of 5: check 3: pod 3 of 3 (20,000 MB, 30 %) runs on tenant-a's card",
                "Step 4 of 5: check 4: a fourth 30 % pod would need 120 % of the card and stays Pending",
                "Step 5 of 5: check 5: a 90,000 MB pod exceeds the 81,920 MB card and stays Pending"),
                vm.history().timeline().stream().map(LabHistory.Action::label).toList());
        assertEquals("8 checks passed", vm.history().timeline().stream().flatMap(a -> a.applied().stream())
                .flatMap(x -> x.results().stream()).filter(r -> r.check() && r.passed()).count() + " checks passed");
    }

    /**
     * A walkthrough brings a step's target into view only when the trainee's own action begins it (docs/workbench.md,
     * "Walkthroughs"): Next step, Play, a run of the clock, Undo, Redo and Reset are not such actions.
     */
    @Test
    void onlyANewActionOfTheUsersOwnHandIsByHand() {
        assertFalse(vm.history().lastChangeByHand(), "as opened");
        vm.advance(Duration.ofSeconds(30));
        assertTrue(vm.history().lastChangeByHand(), "Step 30s");
        vm.playback().playNextScenarioStep();
        assertFalse(vm.history().lastChangeByHand(), "Next step");
        vm.advance(Duration.ofMinutes(5));
        runTheClock(2);
        assertFalse(vm.history().lastChangeByHand(), "a run of the clock");
        vm.advance(Duration.ofSeconds(30));
        vm.history().undo();
        assertFalse(vm.history().lastChangeByHand(), "Undo");
        vm.history().redo();
        assertFalse(vm.history().lastChangeByHand(), "Redo");
        vm.playback().playScenarioSteps();
        assertFalse(vm.history().lastChangeByHand(), "Play");
        vm.advance(Duration.ofSeconds(30));
        vm.reset();
        assertFalse(vm.history().lastChangeByHand(), "Reset");
    }

    @Test
    void eachClockButtonIsOneActionAndARunOfTheClockIsOne() {
        vm.advance(Duration.ofSeconds(30));
        vm.advance(Duration.ofMinutes(5));
        runTheClock(3);
        runTheClock(2);
        assertEquals(List.of("Advanced the clock by 30s", "Advanced the clock by 5m", "Ran the clock for 45s",
                "Ran the clock for 30s"), vm.history().timeline().stream().map(LabHistory.Action::label).toList());
        vm.history().undo();
        vm.history().undo();
        assertEquals("2026-01-01T00:05:30Z", vm.snapshot().now().toString(), "two runs, two undos");
        vm.history().undo();
        assertEquals("2026-01-01T00:00:30Z", vm.snapshot().now().toString(), "+5 min is its own undo");
    }

    @Test
    void aRefusedCommandIsNoVersion() {
        vm.playback().playNextScenarioStep();
        vm.submitYaml("tenant-a", "clipboard", """
                apiVersion: v1
                kind: Pod
                metadata: {name: gpu-pod-1}
                spec: {containers: [{name: main, image: busybox}]}
                """);
        assertEquals(StatusKind.ERROR, vm.statusKindProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("Refused: tenant-a: Error from server (AlreadyExists)"),
                vm.statusProperty().get());
        assertEquals(1, vm.history().timeline().size(), "the refused create left no timeline version");
    }

    @Test
    void aScenarioStepThatWouldCreateADropsPodAgainIsNotPlayedAndSaysWhy() {
        vm.submitTemplate(PodTemplate.builtIns().get(0), "tenant-a", null);
        vm.playback().playNextScenarioStep();
        assertEquals(0, vm.playback().scenarioStepsPlayed());
        assertEquals(1, vm.history().timeline().size());
        assertEquals(StatusKind.ERROR, vm.statusKindProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("Step 1 was not played: submit.pod: pod default/gpu-pod-1 "
                + "already exists in tenant tenant-a (submitted by step 1 of the lab's history)"),
                vm.statusProperty().get());
        vm.deletePod("tenant-a", "default/gpu-pod-1");
        vm.playback().playNextScenarioStep();
        assertEquals(1, vm.playback().scenarioStepsPlayed(), "once the pod is gone, step 1 plays");
    }

    @Test
    void redoPlaysTheUndoneActionAgainUntilANewActionComes() {
        vm.playback().playNextScenarioStep();
        vm.playback().playNextScenarioStep();
        vm.history().undo();
        assertTrue(vm.history().canRedoProperty().get());
        assertEquals(1, vm.playback().scenarioStepsPlayed());
        vm.history().redo();
        assertEquals(2, vm.playback().scenarioStepsPlayed());
        assertEquals(List.of("gpu-pod-1 Running", "gpu-pod-2 Running"), pods());
        assertFalse(vm.history().canRedoProperty().get());
        vm.history().undo();
        vm.advance(Duration.ofSeconds(30));
        assertFalse(vm.history().canRedoProperty().get(), "a new action forgets what Redo could bring back");
    }

    @Test
    void aCreateTheWebhookRefusedIsRefusedNotPending() {
        vm.faults().setKonnectivity("tenant-a", false);
        vm.faults().setWebhookPolicy("tenant-a", "Fail");
        vm.submitTemplate(PodTemplate.builtIns().get(0), "tenant-a", null);
        PodView p = vm.snapshot().tenant("tenant-a").orElseThrow().pods().get(0);
        assertTrue(PendingBadge.isRefused(p));
        assertFalse(PendingBadge.isWaiting(p));
        assertEquals(3, vm.history().timeline().size(), "the refused create is in the history (its chip is on screen)");
    }

    @Test
    void aDoubleClickOnNextStepWhileTheFirstIsOnItsWayPlaysOneStep() throws Exception {
        List<Runnable> queued = new java.util.ArrayList<>();
        io.gpulab.app.gui.fx.TaskExecutor later = new io.gpulab.app.gui.fx.TaskExecutor() {
            @Override
            public <T> void execute(java.util.concurrent.Callable<T> work, java.util.function.Consumer<T> ok,
                                    java.util.function.Consumer<Exception> failed) {
                queued.add(() -> {
                    try {
                        ok.accept(work.call());
                    } catch (Exception e) {
                        failed.accept(e);
                    }
                });
            }

            @Override
            public void shutdown() {
            }
        };
        io.gpulab.app.gui.EngineLabOpener opener = io.gpulab.app.gui.EngineLabOpener.sim();
        WorkbenchViewModel slow = new WorkbenchViewModel(opener.open("article"), opener, later, r -> { });
        slow.playback().playNextScenarioStep();
        slow.playback().playNextScenarioStep();
        new java.util.ArrayList<>(queued).forEach(Runnable::run);
        assertEquals(1, slow.playback().scenarioStepsPlayed());
        assertEquals(1, slow.history().timeline().size(), "step 1 once, not twice");
        slow.close();
    }
}
