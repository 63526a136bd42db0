package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.PodView;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The view-model on the real simulated article lab, engine calls on the test thread. */
class WorkbenchViewModelTest extends FreshArticleLab {

    private final PodTemplate article = PodTemplate.builtIns().get(0);

    private CardView a100() {
        return vm.snapshot().tenant("tenant-a").orElseThrow().nodes().get(0).cards().get(0);
    }

    @Test
    void threeArticlePodsFillTheCardAndTheFourthWaitsForCompute() {
        for (int i = 0; i < 4; i++) {
            vm.submitTemplate(article, "tenant-a", null);
        }
        assertEquals(60_000, a100().usedMemMB());
        assertEquals(90, a100().usedCores());
        assertEquals(3, a100().usedSlots());
        PodView fourth = vm.snapshot().tenant("tenant-a").orElseThrow().pod("default/gpu-pod-4").orElseThrow();
        assertEquals("CardInsufficientCore", PendingBadge.badge(fourth));
    }

    @Test
    void undoReplaysAllButTheLastAction() {
        vm.submitTemplate(article, "tenant-a", null);
        vm.submitTemplate(article, "tenant-a", null);
        vm.history().undo();
        assertEquals(20_000, a100().usedMemMB());
        assertEquals(List.of("default/gpu-pod-1"), a100().pods());
    }

    @Test
    void dropOnACardPinsThePodWithHamisUuidSelector() {
        vm.submitTemplate(article, "tenant-b", "GPU-1");
        PodView p = vm.snapshot().tenant("tenant-b").orElseThrow().pod("default/gpu-pod-1").orElseThrow();
        assertEquals("GPU-1", p.devices().get(0).id());
    }

    @Test
    void badYamlOnlySetsTheStatusAndChangesNothing() {
        long before = vm.snapshot().version();
        vm.submitYaml("tenant-a", "pod.yaml", "kind: Deployment\nmetadata: {name: x}\n");
        assertEquals(StatusKind.ERROR, vm.statusKindProperty().get());
        assertEquals("pod.yaml: field kind: expected Pod but found Deployment", vm.statusProperty().get());
        assertEquals(before, vm.snapshot().version());
    }

    @Test
    void pastedPodYamlIsSubmitted() {
        vm.submitYaml("tenant-a", "clipboard", """
                apiVersion: v1
                kind: Pod
                metadata: {name: pasted, namespace: default}
                spec:
                  containers:
                    - name: main
                      image: busybox
                      resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 1000, nvidia.com/gpucores: 5}}
                """);
        assertTrue(vm.snapshot().tenant("tenant-a").orElseThrow().pod("default/pasted").isPresent());
        assertEquals(1000, a100().usedMemMB());
    }

    @Test
    void resetEmptiesTheLabAndTheHistory() {
        vm.submitTemplate(article, "tenant-a", null);
        vm.reset();
        assertEquals(0, a100().usedMemMB());
        assertTrue(vm.history().commands().isEmpty());
    }

    @Test
    void undoAfterResetBringsTheLabBack() {
        vm.submitTemplate(article, "tenant-a", null);
        vm.reset();
        vm.history().undo();
        assertEquals(20_000, a100().usedMemMB());
        assertEquals(1, vm.history().commands().size());
    }

    @Test
    void openingAnotherLabAsksBeforeThrowingActionsAway() {
        vm.submitTemplate(article, "tenant-a", null);
        List<String> asked = new java.util.ArrayList<>();
        vm.files().setDiscardGate((action, lost) -> asked.add(action + ": " + lost) && false);
        vm.files().open("lock-lifecycle");
        assertEquals(List.of("Open lock-lifecycle: 1 action on article (save them first with File → Save scenario)"),
                asked);
        assertEquals("article", vm.snapshot().scenario());
        assertEquals(20_000, a100().usedMemMB());
    }

    @Test
    void openingRightAfterSaveAsksNothingAndAnActionAfterTheSaveIsAskedFor(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        List<String> asked = new java.util.ArrayList<>();
        vm.files().setDiscardGate((action, lost) -> asked.add(action + ": " + lost) && false);
        vm.submitTemplate(article, "tenant-a", null);
        vm.submitTemplate(article, "tenant-a", null);
        vm.files().save(dir.resolve("saved.yaml"));
        vm.submitTemplate(article, "tenant-a", null);
        vm.files().open("lock-lifecycle");
        assertEquals(List.of("Open lock-lifecycle: 1 action on article (save them first with File → Save scenario)"),
                asked, "only the action after the Save is lost");
        vm.history().undo();
        vm.files().open("lock-lifecycle");
        assertEquals(1, asked.size(), "after Save nothing is unsaved: asked again " + asked);
        assertEquals("lock-lifecycle", vm.snapshot().scenario(), "opened without a question");
    }

    @Test
    void versionsFollowTheActionsSinceTheLastReset() {
        vm.submitTemplate(article, "tenant-a", null);
        vm.submitTemplate(article, "tenant-a", null);
        assertEquals(3, vm.history().versionsProperty().get().size());
        vm.history().undo();
        assertEquals(2, vm.history().versionsProperty().get().size());
        vm.reset();
        assertEquals(1, vm.history().versionsProperty().get().size());
    }

    @Test
    void savingSaysWhereTheFileWentUntilTheNextAction(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        vm.submitTemplate(article, "tenant-a", null);
        java.nio.file.Path file = dir.resolve("session.yaml");
        vm.files().save(file);
        assertTrue(vm.statusProperty().get().startsWith("Wrote the lab's history as the scenario article to "
                        + file.toAbsolutePath()),
                vm.statusProperty().get());
        assertEquals(file.toAbsolutePath(), vm.writtenProperty().get());
        vm.submitTemplate(article, "tenant-a", null);
        assertEquals(null, vm.writtenProperty().get());
    }

    @Test
    void aScenarioWithConsecutiveClockStepsCountsAsPlayedOnceAllItsStepsRan() throws Exception {
        EngineLabOpener opener = EngineLabOpener.sim();
        WorkbenchViewModel lock = new WorkbenchViewModel(opener.open("lock-lifecycle"), opener,
                new CurrentThreadTaskExecutor(), r -> { });
        lock.playback().playNextScenarioStep();
        assertEquals(1, lock.playback().scenarioStepsPlayed());
        lock.playback().playScenarioSteps();
        assertEquals(lock.playback().scenarioStepCount(), lock.playback().scenarioStepsPlayed());
        lock.close();
    }
}
