package io.gpulab.app.gui.walkthrough;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.vm.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class WalkthroughViewModelTest {

    private final Walkthrough w = new Walkthrough("w", "W", "", "article", List.of(
            new WalkthroughStep("one", "", "switch to article", new Check.Lifecycle("article")),
            new WalkthroughStep("two", "", "fill the card",
                    new Check.CardUsage("tenant-a", 60_000, null, null, null))));

    @Test
    void eachSnapshotCompletesAtMostTheCurrentStep() {
        WalkthroughViewModel vm = new WalkthroughViewModel(List.of(w));
        vm.start(w);
        vm.onSnapshot(Fixtures.articleAfterFourPods(true));
        assertEquals(1, vm.stepIndexProperty().get());
        assertFalse(vm.finishedProperty().get());
        vm.onSnapshot(Fixtures.articleAfterFourPods(true));
        assertTrue(vm.finishedProperty().get());
    }

    @Test
    void aStepWhoseCheckFailsStaysCurrent() {
        WalkthroughViewModel vm = new WalkthroughViewModel(List.of(w));
        vm.start(w);
        vm.onSnapshot(Fixtures.articleAfterFourPods(false));
        assertEquals(0, vm.stepIndexProperty().get());
    }
}
