package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.LabSpec;
import org.junit.jupiter.api.Test;

import java.io.StringReader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Parsing scenario files: the built-ins load, and each kind of bad input names file, line and field. */
class ScenarioReaderTest {

    /** A valid scenario; line numbers matter to the tests below. */
    static final String BASE = """
            apiVersion: gpulab.io/v1
            kind: Scenario
            metadata: {name: t}
            lab:
              hami: {nodeLockTimeout: 5m}
              tenants:
                - name: tenant-a
                  workers:
                    - name: w-a
                      cpu: 4
                      cards:
                        - {model: A100-80GB, count: 1}
            steps:
              - submit:
                  tenant: tenant-a
                  pod:
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: p1}
                    spec:
                      containers:
                        - name: main
                          image: busybox
                          resources:
                            limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 20000}
                expect: {phase: Running, node: w-a}
              - advance: 5m
              - delete: {tenant: tenant-a, pod: p1}
            """;

    private static Scenario read(String yaml) {
        return new ScenarioReader().read("t.yaml", new StringReader(yaml), false);
    }

    private static ScenarioException bad(String yaml) {
        return assertThrows(ScenarioException.class, () -> read(yaml));
    }

    private static void assertError(ScenarioException e, int line, String path, String problemPart) {
        assertEquals("t.yaml", e.file(), e.getMessage());
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(path, e.path(), e.getMessage());
        assertTrue(e.problem().contains(problemPart), e.getMessage());
        assertTrue(e.getMessage().startsWith("t.yaml:" + line + ": " + path), e.getMessage());
    }

    @Test
    void readsTheBaseScenario() {
        Scenario s = read(BASE);
        assertEquals("t", s.name());
        assertEquals(3, s.steps().size());
        Step.Submit submit = assertInstanceOf(Step.Submit.class, s.steps().get(0));
        assertEquals("default/p1", submit.pod());
        assertEquals(14, submit.line());
        assertEquals("Running", submit.expect().phase());
        assertEquals(java.time.Duration.ofMinutes(5), ((Step.Advance) s.steps().get(1)).by());
        assertEquals(LabSpec.LIFECYCLE_COMPLETE, s.lab().lifecycle());
    }

    @Test
    void builtInArticleHasTheLabAndEightChecks() {
        Scenario s = new ScenarioReader().load("article");
        assertEquals(8, s.checkCount());
        assertEquals(2, s.lab().tenants().size());
        assertEquals("A100-80GB", s.lab().tenants().get(0).workers().get(0).cards().get(0).model());
        assertEquals(2, s.lab().tenants().get(1).workers().get(0).cards().get(0).count());
    }

    @Test
    void everyBuiltInLoads() {
        for (String name : BuiltinScenarios.names()) {
            assertTrue(new ScenarioReader().load(name).checkCount() > 0, name);
        }
    }

    @Test
    void badQuantityNamesTheResource() {
        ScenarioException e = bad(BASE.replace("nvidia.com/gpumem: 20000", "nvidia.com/gpumem: abc"));
        assertEquals("t.yaml:25: steps[0].submit.pod.spec.containers[0].resources.limits.\"nvidia.com/gpumem\": "
                + "\"abc\" is not a Kubernetes quantity", e.getMessage());
    }

    @Test
    void fractionalExtendedResourceIsRefused() {
        assertError(bad(BASE.replace("nvidia.com/gpu: 1", "nvidia.com/gpu: 0.5")), 25,
                "steps[0].submit.pod.spec.containers[0].resources.limits.\"nvidia.com/gpu\"", "must be an integer");
    }

    @Test
    void anExtendedResourcePastTheMilliValueIsRefusedNotWrapped() {
        // 2^64 + 1 as a hand-written GPU count: longValue() made it 1 card; a value past Kubernetes' 64-bit
        // milli-value is refused at its line, as import refuses it
        assertError(bad(BASE.replace("nvidia.com/gpu: 1,", "nvidia.com/gpu: \"18446744073709551617\",")), 25,
                "steps[0].submit.pod.spec.containers[0].resources.limits.\"nvidia.com/gpu\"",
                "\"18446744073709551617\" is too large (more than 2^63-1 thousandths");
        assertError(bad(BASE.replace("nvidia.com/gpumem: 20000", "nvidia.com/gpumem: 99999999999999999999999Ei")), 25,
                "steps[0].submit.pod.spec.containers[0].resources.limits.\"nvidia.com/gpumem\"", "is too large");
        // a plain form past the bound is not waved through by the fast path either
        assertError(bad(BASE.replace("nvidia.com/gpumem: 20000", "nvidia.com/gpumem: 20000, memory: 9999999Gi")), 25,
                "steps[0].submit.pod.spec.containers[0].resources.limits.memory", "\"9999999Gi\" is too large");
        // the largest whole amount within it is read
        assertEquals(1, read(BASE.replace("nvidia.com/gpumem: 20000", "nvidia.com/gpumem: 9223372036854775"))
                .steps().stream().filter(st -> st instanceof Step.Submit).count());
    }

    @Test
    void aQuotaPastTheMilliValueIsRefusedNotWrapped() {
        String quota = BASE.replace("    - name: tenant-a\n", """
                    - name: tenant-a
                      resourceQuotas:
                        - apiVersion: v1
                          kind: ResourceQuota
                          metadata: {name: gpu, namespace: default}
                          spec: {hard: {limits.nvidia.com/gpumem: "99999999999999999999"}}
                """);
        assertError(bad(quota), 12, "lab.tenants[0].resourceQuotas[0].spec.hard.\"limits.nvidia.com/gpumem\"",
                "\"99999999999999999999\" is too large");
    }

    @Test
    void aDirectoryOrFifoIsRefusedAsSuchNotAsAMissingFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        ScenarioException e = assertThrows(ScenarioException.class, () -> new ScenarioReader().load(dir.toString()));
        assertEquals(dir + ": a directory, not a file", e.getMessage());
        java.nio.file.Path fifo = dir.resolve("s.yaml");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            e = assertThrows(ScenarioException.class, () -> new ScenarioReader().load(fifo.toString()));
            assertEquals(fifo + ": a FIFO, socket or device, not a regular file", e.getMessage());
        }
        // a built-in name still reads the built-in
        assertEquals(8, new ScenarioReader().load("article").checkCount());
    }

    @Test
    void unknownKeyIsAnError() {
        assertError(bad(BASE.replace("      cpu: 4", "      cpu: 4\n          gpus: 2")), 11,
                "lab.tenants[0].workers[0].gpus", "unknown key");
    }

    @Test
    void wrongTypeIsAnError() {
        assertError(bad(BASE.replace("cpu: 4", "cpu: four")), 10, "lab.tenants[0].workers[0].cpu",
                "expected a whole number");
    }

    @Test
    void unknownCardModelIsAnError() {
        assertError(bad(BASE.replace("A100-80GB", "B300-1TB")), 12, "lab.tenants[0].workers[0].cards[0].model",
                "unknown card model 'B300-1TB'");
    }

    @Test
    void negativeMemoryIsAnError() {
        assertError(bad(BASE.replace("{model: A100-80GB, count: 1}", "{type: X, memoryMB: -5}")), 12,
                "lab.tenants[0].workers[0].cards[0].memoryMB", "must be >= 1");
    }

    @Test
    void unknownTenantInAStepIsAnError() {
        assertError(bad(BASE.replace("  tenant: tenant-a\n      pod:", "  tenant: tenant-z\n      pod:")), 15,
                "steps[0].submit.tenant", "unknown tenant 'tenant-z'");
    }

    @Test
    void unknownPodInAStepIsAnError() {
        assertError(bad(BASE.replace("pod: p1}", "pod: p9}")), 28, "steps[2].delete.pod",
                "no earlier step submitted pod default/p9");
    }

    @Test
    void badDurationIsAnError() {
        assertError(bad(BASE.replace("advance: 5m", "advance: 5 minutes")), 27, "steps[1].advance",
                "is not a duration");
    }

    @Test
    void badEnumIsAnError() {
        assertError(bad(BASE.replace("phase: Running", "phase: Runnin")), 26, "steps[0].expect.phase",
                "must be one of");
    }

    @Test
    void duplicateKeyIsAnError() {
        assertError(bad(BASE.replace("      cpu: 4", "      cpu: 4\n          cpu: 8")), 11,
                "lab.tenants[0].workers[0].cpu", "duplicate key");
    }

    @Test
    void duplicateTenantIsAnError() {
        String twice = BASE.replace("steps:", """
                    - name: tenant-a
                      workers: []
                steps:""");
        assertError(bad(twice), 6, "lab.tenants", "duplicate tenant name 'tenant-a'");
    }

    @Test
    void aCardIdUsedTwiceInATenantIsAnError() {
        String twice = BASE.replace("- {model: A100-80GB, count: 1}",
                "- {model: A100-80GB, uuid: GPU-x}\n            - {model: A100-80GB, uuid: GPU-x}");
        assertError(bad(twice), 13, "lab.tenants[0].workers[0].cards[1].uuid", "card id 'GPU-x' is used twice");
    }

    @Test
    void malformedYamlNamesTheLine() {
        ScenarioException e = bad(BASE.replace("metadata: {name: t}", "metadata: {name: t"));
        assertEquals("t.yaml", e.file());
        assertTrue(e.line() >= 3, e.getMessage());
        assertTrue(e.problem().startsWith("malformed YAML"), e.getMessage());
    }

    @Test
    void wrongApiVersionIsAnError() {
        assertError(bad(BASE.replace("gpulab.io/v1", "gpulab.io/v2")), 1, "apiVersion", "expected gpulab.io/v1");
    }

    @Test
    void jsonErrorsNameTheLineToo() {
        String json = """
                {"apiVersion": "gpulab.io/v1", "kind": "Scenario", "metadata": {"name": "j"},
                 "lab": {"tenants": [{"name": "tenant-a", "workers": [
                   {"name": "w", "cards": [{"model": "A100-80GB", "count": 0}]}]}]}}
                """;
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> new ScenarioReader().read("j.json", new StringReader(json), true));
        assertEquals("j.json:3: lab.tenants[0].workers[0].cards[0].count: must be >= 1, got 0", e.getMessage());
    }

    @Test
    void unknownScenarioNameListsTheBuiltIns() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> new ScenarioReader().load("nope"));
        assertTrue(e.getMessage().contains("article"), e.getMessage());
    }
}
