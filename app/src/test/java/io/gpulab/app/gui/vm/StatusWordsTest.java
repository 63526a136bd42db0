package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The status line after an action says what happened once, and never claims a change the lab did not make. */
class StatusWordsTest extends FreshArticleLab {

    private String status() {
        return vm.statusProperty().get();
    }

    /** No run of three words or more is said twice in one status line. */
    private static void saidOnce(String status) {
        List<String> w = Arrays.asList(status.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-/ ]", " ").trim()
                .split("\\s+"));
        for (int i = 0; i + 3 <= w.size(); i++) {
            String run = String.join(" ", w.subList(i, i + 3));
            String rest = String.join(" ", w.subList(i + 1, w.size()));
            assertFalse((" " + rest + " ").contains(" " + run + " "), "'" + run + "' said twice: " + status);
        }
    }

    @Test
    void aLabEditIsSaidOnce() {
        vm.editor().edit("add tenant tenant-c", d -> d.addTenant("tenant-c"));
        assertEquals("Lab design: add tenant tenant-c", status());
        vm.editor().edit("HAMi deviceSplitCount 4", d -> d.setHami("deviceSplitCount", "4"));
        assertEquals("Lab design: HAMi deviceSplitCount 4", status());
        vm.reset();
        saidOnce(status());
    }

    @Test
    void aCommandThatFindsNothingToDoSaysSoAndClaimsNoChange() {
        vm.faults().unlock("tenant-a", "tenant-a-worker");
        // it read "Removed the node lock on tenant-a-worker — node tenant-a-worker is not locked"
        assertEquals("Node tenant-a-worker is not locked: nothing changed", status());
        vm.faults().setKonnectivity("tenant-a", false);
        assertEquals("Konnectivity agents of tenant-a down", status());
        vm.faults().setKonnectivity("tenant-a", false);
        assertEquals("Konnectivity agents of tenant-a are already down: nothing changed", status());
        vm.faults().setKubelet("tenant-b", "tenant-b-worker", false);
        saidOnce(status());
        vm.faults().setKubelet("tenant-b", "tenant-b-worker", false);
        saidOnce(status());
        vm.faults().setControlPlaneComponent("tenant-a", "kube-scheduler", false);
        vm.faults().setControlPlaneComponent("tenant-a", "kube-scheduler", false);
        saidOnce(status());
    }
}
