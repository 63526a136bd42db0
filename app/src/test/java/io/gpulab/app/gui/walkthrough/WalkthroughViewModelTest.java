package io.gpulab.app.gui.walkthrough;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.vm.Fixtures;
import io.gpulab.engine.api.LabSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

class WalkthroughViewModelTest {

    private final Walkthrough w = new Walkthrough("w", "W", "", "article", List.of(
            new WalkthroughStep("one", "", "switch to article", new Check.Lifecycle("article")),
            new WalkthroughStep("two", "", "fill the card",
                    new Check.CardUsage("tenant-a", 60_000, null, null, null))));
    private final Walkthrough other = new Walkthrough("o", "O", "", "article", List.of(
            new WalkthroughStep("only", "", "switch to complete", new Check.Lifecycle("complete"))));
    private final LabSnapshot done = Fixtures.articleAfterFourPods(true);
    private final LabSnapshot before = Fixtures.articleAfterFourPods(false);

    @Test
    void eachVersionCompletesAtMostTheCurrentStep() {
        WalkthroughViewModel vm = new WalkthroughViewModel(List.of(w));
        vm.update(List.of(done));
        assertEquals(1, vm.stepIndexProperty().get());
        assertFalse(vm.finishedProperty().get());
        vm.update(List.of(done, done));
        assertTrue(vm.finishedProperty().get());
    }

    @Test
    void aStepWhoseCheckFailsStaysCurrent() {
        WalkthroughViewModel vm = new WalkthroughViewModel(List.of(w));
        vm.update(List.of(before, before));
        assertEquals(0, vm.stepIndexProperty().get());
    }

    @Test
    void fewerVersionsAfterAnUndoTakeTheTickBack() {
        WalkthroughViewModel vm = new WalkthroughViewModel(List.of(w));
        vm.update(List.of(done, done));
        vm.update(List.of(done));
        assertEquals(1, vm.stepIndexProperty().get());
        assertFalse(vm.finishedProperty().get());
    }

    @Test
    void selectingAnotherWalkthroughRecomputesItsOwnProgress() {
        WalkthroughViewModel vm = new WalkthroughViewModel(List.of(w, other));
        vm.update(List.of(done, done));
        assertTrue(vm.finishedProperty().get());
        vm.select(other);
        assertEquals(0, vm.stepIndexProperty().get());
        assertFalse(vm.finishedProperty().get());
    }

    @Test
    void onAnotherScenarioNothingIsTicked() {
        Walkthrough elsewhere = new Walkthrough("e", "E", "", "lock-lifecycle", w.steps());
        WalkthroughViewModel vm = new WalkthroughViewModel(List.of(elsewhere));
        vm.update(List.of(done, done));
        assertFalse(vm.onItsLabProperty().get());
        assertEquals(0, vm.stepIndexProperty().get());
        assertFalse(vm.finishedProperty().get());
    }
}
