package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.api.PodView;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * While a past version is shown, every word about a pod comes from that version (docs/workbench.md, "Time travel"):
 * the inspector's rows, the pending lane's reasons and the trace describe the pod as it was then, not as it is now.
 */
class PastVersionWordsTest extends FreshArticleLab {

    private static final String POD4 = "default/gpu-pod-4";

    private PodView pod(String key) {
        return vm.snapshot().tenant("tenant-a").orElseThrow().pods().stream().filter(p -> p.key().equals(key))
                .findFirst().orElseThrow();
    }

    @Test
    void aPodPendingThenAndRunningNowIsDescribedAsPendingWhileThenIsShown() {
        vm.playback().playScenarioSteps();
        int pendingVersion = vm.history().timeline().size();
        assertEquals("Pending", pod(POD4).phase());
        vm.deletePod("tenant-a", "default/gpu-pod-1");
        vm.advance(Duration.ofSeconds(30));
        assertEquals("Running", pod(POD4).phase(), "now: the freed share lets the fourth pod run");
        assertTrue(vm.pods().plainReason("tenant-a", POD4).isEmpty(), "now it runs: no reason");

        vm.past().showVersion(pendingVersion);
        assertTrue(vm.past().showing());
        assertEquals("Pending", pod(POD4).phase(), "the snapshot shown is the past one");
        Optional<io.gpulab.engine.api.PlainReason> why = vm.pods().plainReason("tenant-a", POD4);
        assertTrue(why.isPresent(), "the pending lane's and the inspector's reason come from the version shown");
        assertEquals("Pending", vm.pods().podDetail("tenant-a", POD4).orElseThrow().phase());
        assertEquals(POD4, vm.pods().traceOf("tenant-a", POD4).podKey());
        assertEquals(null, vm.pods().traceOf("tenant-a", POD4).why().allocated(), "no card allocated then");

        vm.selectionProperty().set(Selection.pod("tenant-a", POD4));
        List<InspectorRow> rows = InspectorModel.rows(vm.snapshot(), vm.selectionProperty().get(), vm.events(),
                vm.pods()::podDetail, vm.pods()::plainReason, vm.pods()::podWhy);
        assertTrue(rows.stream().anyMatch(r -> r.name().equals("in words") && r.value().equals(why.get().text())),
                rows.toString());
        assertNotNull(vm.traceProperty().get());
        assertTrue(rows.stream().noneMatch(r -> r.category().equals("Why this node, why this card")), rows.toString());

        vm.past().returnToNow();
        assertTrue(vm.pods().plainReason("tenant-a", POD4).isEmpty(), "back to now: it runs");
    }
}
