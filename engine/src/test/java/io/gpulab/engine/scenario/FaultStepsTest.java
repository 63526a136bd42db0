package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabBackend;
import org.junit.jupiter.api.Test;

import java.io.StringReader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Fault steps parse, reach the backend and their effects can be checked. */
class FaultStepsTest {

    private static final String LAB = """
            apiVersion: gpulab.io/v1
            kind: Scenario
            metadata: {name: faults}
            lab:
              tenants:
                - name: tenant-b
                  workers:
                    - name: w-b
                      cards: [{model: L4-24GB, count: 2}]
            steps:
            """;

    private static String submit(String name, String expect) {
        return """
                  - submit:
                      tenant: tenant-b
                      pod:
                        apiVersion: v1
                        kind: Pod
                        metadata: {name: %s}
                        spec:
                          containers:
                            - name: main
                              image: busybox
                              resources: {limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 4000, nvidia.com/gpucores: 10}}
                    expect: %s
                """.formatted(name, expect);
    }

    private static RunResult run(String yaml) {
        Scenario s = new ScenarioReader().read("faults.yaml", new StringReader(yaml), false);
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            return new ScenarioRunner(b).run(s);
        }
    }

    @Test
    void anUnhealthyCardIsAvoidedByNewPods() {
        RunResult r = run(LAB + "  - fault: {tenant: tenant-b, card: GPU-0, health: false}\n"
                + submit("p1", "{phase: Running, devices: [GPU-1]}")
                + submit("p2", "{phase: Running, devices: [GPU-1]}")
                + "  - expectCard: {tenant: tenant-b, node: w-b, index: 0, health: false, usedSlots: 0}\n");
        assertTrue(r.allPassed(), r.steps().toString());
        assertEquals(3, r.summary().passed());
    }

    @Test
    void aPluginRestartDoesNotAllocateTwice() {
        RunResult r = run(LAB + submit("p1", "{phase: Running, devices: [GPU-1]}")
                + "  - fault: {tenant: tenant-b, plugin: restart}\n"
                + "  - expectCard: {tenant: tenant-b, node: w-b, index: 1, usedMemMB: 4000, usedSlots: 1}\n"
                + "  - expectPod: {tenant: tenant-b, pod: p1, phase: Running, devices: [GPU-1]}\n"
                + "  - delete: {tenant: tenant-b, pod: p1}\n"
                + "  - expectCard: {tenant: tenant-b, node: w-b, index: 1, usedMemMB: 0, usedSlots: 0}\n");
        assertTrue(r.allPassed(), r.steps().toString());
    }

    @Test
    void capacityComparesQuantitiesByAmountAndAForeignNodeFails() {
        RunResult r = run(LAB + "  - expectVisibility: {tenant: tenant-b, nodes: [w-b], pods: [],"
                + " capacity: {w-b: {memory: 8Gi, nvidia.com/gpu: 20}}}\n"
                + "  - expectVisibility: {tenant: tenant-b, nodes: [w-b, w-a]}\n");
        assertTrue(r.steps().get(0).passed(), r.steps().get(0).problems().toString());
        assertEquals(java.util.List.of("nodes: expected [w-a, w-b], observed [w-b]"), r.steps().get(1).problems());
    }

    @Test
    void anUnknownCardInAFaultIsAParseError() {
        ScenarioException e = org.junit.jupiter.api.Assertions.assertThrows(ScenarioException.class,
                () -> run(LAB + "  - fault: {tenant: tenant-b, card: GPU-7, health: false}\n"));
        assertEquals("faults.yaml:11: steps[0].fault.card: tenant tenant-b has no card 'GPU-7' (cards: GPU-0, GPU-1)",
                e.getMessage());
    }
}
