package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabBackend;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The built-in Kamaji scenarios hold, and their checks fail when the lab does not do what they say. */
class KamajiScenariosTest {

    private static RunResult run(Scenario s) {
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            return new ScenarioRunner(b).run(s);
        }
    }

    private static String source(String name) throws Exception {
        try (var in = BuiltinScenarios.open(name)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static RunResult run(String name, String yaml) {
        return run(new ScenarioReader().read(name + ".yaml", new StringReader(yaml), false));
    }

    private static String failures(RunResult r) {
        StringBuilder sb = new StringBuilder();
        r.steps().stream().filter(s -> !s.passed()).forEach(s -> sb.append(s.index()).append(' ').append(s.title())
                .append(": ").append(s.problems()).append('\n'));
        return sb.toString();
    }

    @Test
    void theBuiltInKamajiScenariosHold() {
        for (String name : List.of("shared-datastore", "tcp-replicas", "tenant-upgrade", "tenant-faults")) {
            RunResult r = run(new ScenarioReader().load(name));
            assertTrue(r.allPassed(), name + ":\n" + failures(r));
            assertTrue(r.summary().passed() >= 14, name + " checks " + r.summary().passed());
        }
    }

    @Test
    void theSharedDataStoreTakesBothTenantsDownAtOnceAndRunningPodsKeepRunning() {
        RunResult r = run(new ScenarioReader().load("shared-datastore"));
        StepResult a = r.steps().stream().filter(s -> "expectControlPlane".equals(s.action())
                && "tenant-a".equals(s.tenant())).findFirst().orElseThrow();
        StepResult b = r.steps().get(a.index());
        assertEquals("tenant-b", b.tenant(), "the next step checks tenant-b at the same instant");
        assertEquals(a.virtualTime(), b.virtualTime());
        LabState.ControlPlane ca = assertInstanceOf(LabState.ControlPlane.class, a.observed());
        LabState.ControlPlane cb = assertInstanceOf(LabState.ControlPlane.class, b.observed());
        assertEquals("NotReady", ca.status());
        assertEquals("NotReady", cb.status());
        LabState.ControlPlane end = r.state().tenants().get(0).controlPlane();
        assertEquals("Ready", end.status(), "healed");
        assertEquals("", end.apiError());
    }

    @Test
    void aWrongExpectationAboutTheControlPlaneFails() throws Exception {
        // the same scenario, but claiming tenant-b still answers during the outage: must fail, with the text seen
        String yaml = source("shared-datastore").replace(
                "expectControlPlane: {tenant: tenant-b, status: NotReady, readyReplicas: 0, serving: false,",
                "expectControlPlane: {tenant: tenant-b, status: NotReady, readyReplicas: 0, serving: true,");
        RunResult r = run("shared-datastore-wrong", yaml);
        assertFalse(r.allPassed());
        assertEquals(1, r.summary().failed(), failures(r));
        StepResult bad = r.steps().stream().filter(s -> !s.passed()).findFirst().orElseThrow();
        assertEquals(List.of("serving: expected true, observed false"), bad.problems());
    }

    @Test
    void aWrongExpectationAboutAQuorumOrAKubeletFails() throws Exception {
        String quorum = source("shared-datastore").replace(
                "expectDataStore: {dataStore: default, ready: false, healthyMembers: 1}",
                "expectDataStore: {dataStore: default, ready: true, healthyMembers: 1}");
        RunResult r = run("q", quorum);
        assertEquals(List.of("ready: expected true, observed false"), r.steps().stream().filter(s -> !s.passed())
                .findFirst().orElseThrow().problems());
        String kubelet = source("tenant-upgrade").replace(
                "expectKubelet: {tenant: tenant-a, node: tenant-a-old, version: v1.31.9, supported: true}",
                "expectKubelet: {tenant: tenant-a, node: tenant-a-old, version: v1.31.9, supported: false}");
        RunResult k = run("k", kubelet);
        assertEquals(List.of("supported: expected false, observed true"), k.steps().stream().filter(s -> !s.passed())
                .findFirst().orElseThrow().problems());
    }

    @Test
    void anUpgradeExpectedToBeRefusedFailsWhenItIsAccepted() throws Exception {
        String yaml = source("tenant-upgrade").replace("upgrade: {tenant: tenant-b, version: v1.37.0}",
                "upgrade: {tenant: tenant-b, version: v1.35.7}");
        RunResult r = run("u", yaml);
        StepResult bad = r.steps().stream().filter(s -> !s.passed()).findFirst().orElseThrow();
        assertEquals("upgrade", bad.action());
        assertTrue(bad.problems().get(0).startsWith("error: expected Error from server (Forbidden)"),
                bad.problems().toString());
    }
}
