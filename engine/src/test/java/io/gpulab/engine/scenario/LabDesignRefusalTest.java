package io.gpulab.engine.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A lab-editor change the scenario format refuses is said in terms of the field the user edited: the design is a
 * document nobody sees, so "lab design:14: lab.tenants[0].workers[0].cpu" named a line of no file.
 */
class LabDesignRefusalTest {

    private static LabDesign article() throws Exception {
        try (InputStream in = BuiltinScenarios.open("article")) {
            return LabDesign.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static String refusal(org.junit.jupiter.api.function.Executable edit) {
        String m = assertThrows(IllegalArgumentException.class, edit).getMessage();
        assertFalse(m.contains("lab design") || m.matches("(?s).*:\\d+:.*"), "no line of a generated file: " + m);
        return m;
    }

    @Test
    void aRefusedValueNamesTheFieldOfTheForm() throws Exception {
        LabDesign d = article();
        assertEquals("deviceSplitCount: must be >= 1, got 0", refusal(() -> d.setHami("deviceSplitCount", "0")));
        assertEquals("CPU of worker tenant-a-worker (tenant-a): must be >= 1, got 0",
                refusal(() -> d.setWorker("tenant-a", "tenant-a-worker", 0, 8192)));
        assertEquals("Memory MiB of worker tenant-b-worker (tenant-b): must be >= 1, got -1",
                refusal(() -> d.setWorker("tenant-b", "tenant-b-worker", 4, -1)));
    }

    @Test
    void aRefusedNameNamesWhatItNames() throws Exception {
        LabDesign d = article();
        String m = refusal(() -> d.addTenant("Tenant C"));
        assertEquals("tenant name", m.substring(0, "tenant name".length()), m);
        String w = refusal(() -> d.addWorker("tenant-a", "", 4, 8192));
        assertEquals("worker name", w.substring(0, "worker name".length()), w);
    }
}
