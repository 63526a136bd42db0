package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scenario steps for HAMi's node lock as another holder ({@code lock}, {@code release}) and for a bind whose lock patch
 * conflicts or loses its response ({@code fault: {lockPatch}}), decided by HAMi's nodelock.go rules.
 */
class LockStepsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;

    private static final String POD = "{apiVersion: v1, kind: Pod, metadata: {name: %s}, spec: {containers: [{name: main,"
            + " image: busybox, resources: {limits: {%s}}}]}}";
    private static final String GPU = "nvidia.com/gpu: 1, nvidia.com/gpumem: 1000";

    private JsonNode run(String steps) throws Exception {
        Path s = Files.writeString(dir.resolve("s.yaml"), """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: locks}
                lab:
                  tenants:
                    - name: t
                      workers:
                        - name: w1
                          cards: [{model: A100-80GB}]
                steps:
                """ + steps);
        CliHarness.Result r = CliHarness.run("run", s.toString(), "--json");
        assertTrue(r.exit() <= 1, r.out() + r.err());
        return JSON.readTree(r.out());
    }

    @Test
    void aLockOfAnotherLivePodBlocksTheBindUntilItsOwnerReleasesIt() throws Exception {
        JsonNode out = run("""
                  - submit: {tenant: t, pod: %s}
                  - lock: {tenant: t, node: w1, holder: default/holder}
                    expect: {outcome: ACQUIRED}
                  - lock: {tenant: t, node: w1, holder: default/other}
                    expect: {error: "node w1 has been locked within 5m0s: node lock contention"}
                  - submit: {tenant: t, pod: %s}
                    expect: {phase: Pending, reason: BindingFailed}
                  - release: {tenant: t, node: w1, holder: default/someone-else}
                    expect: {released: false}
                  - release: {tenant: t, node: w1, holder: default/holder}
                    expect: {released: true}
                  - expectPod: {tenant: t, pod: p1, phase: Running}
                """.formatted(POD.formatted("holder", "cpu: 100m"), POD.formatted("p1", GPU)));
        assertEquals(0, out.at("/summary/failed").asInt(), out.toString());
        assertEquals("node w1 has been locked within 5m0s: node lock contention",
                out.at("/steps/3/observed/message").asText());
        assertTrue(out.at("/steps/1/observed/lock").asText().endsWith(",default,holder"), out.toString());
    }

    @Test
    void danglingExpiredReentrantLegacyAndMalformedLocksGoAsHamiSays() throws Exception {
        JsonNode out = run("""
                  - lock: {tenant: t, node: w1, holder: gone/pod}
                    expect: {outcome: ACQUIRED}
                  - lock: {tenant: t, node: w1, holder: default/a}
                    expect: {outcome: TOOK_OVER_DANGLING}
                  - lock: {tenant: t, node: w1, holder: default/a}
                    expect: {outcome: REENTRANT}
                  - release: {tenant: t, node: w1, holder: default/a}
                    expect: {released: true}
                  - submit: {tenant: t, pod: %s}
                  - lock: {tenant: t, node: w1, holder: default/h}
                    expect: {outcome: ACQUIRED}
                  - advance: 5m
                  - lock: {tenant: t, node: w1, holder: default/x}
                    expect: {error: "node w1 has been locked within 5m0s: node lock contention"}
                  - advance: 1s
                  - lock: {tenant: t, node: w1, holder: default/x}
                    expect: {outcome: TOOK_OVER_EXPIRED}
                  - lock: {tenant: t, node: w1, value: "2026-01-01T00:00:00Z"}
                    expect: {outcome: WRITTEN}
                  - release: {tenant: t, node: w1, holder: default/anyone}
                    expect: {released: true}
                  - lock: {tenant: t, node: w1, value: "not-a-time,a,b,c"}
                  - lock: {tenant: t, node: w1, holder: default/c}
                    expect: {error: "malformed lock annotation: expected 3 parts, got 4 from not-a-time,a,b,c"}
                """.formatted(POD.formatted("h", "cpu: 100m")));
        assertEquals(0, out.at("/summary/failed").asInt(), out.toString());
        assertEquals(10, out.at("/summary/passed").asInt());
    }

    @Test
    void aConflictingLockPatchIsRetriedAsHamisSetNodeLockDoes() throws Exception {
        JsonNode out = run("""
                  - fault: {tenant: t, node: w1, lockPatch: conflict, times: 2}
                  - submit: {tenant: t, pod: %s}
                    expect: {phase: Running}
                  - fault: {tenant: t, node: w1, lockPatch: conflict, times: 5}
                  - submit: {tenant: t, pod: %s}
                    expect: {phase: Pending, reason: BindingFailed}
                  - advance: 1s
                  - expectPod: {tenant: t, pod: p2, phase: Running}
                  - fault: {tenant: t, node: w1, lockPatch: lost}
                  - submit: {tenant: t, pod: %s}
                    expect: {phase: Running}
                """.formatted(POD.formatted("p1", GPU), POD.formatted("p2", GPU), POD.formatted("p3", GPU)));
        assertEquals(0, out.at("/summary/failed").asInt(), out.toString());
        assertEquals("failed to set node lock (node=w1, retry strategy={Duration:100ms Factor:2 Jitter:0.5 Steps:5 "
                + "Cap:0s}): Operation cannot be fulfilled on nodes \"w1\": the object has been modified; please apply "
                + "your changes to the latest version and try again", out.at("/steps/3/observed/message").asText());
        Path s = dir.resolve("s.yaml");
        String p1 = CliHarness.run("trace", s.toString(), "--pod", "p1").out();
        assertTrue(p1.contains("patch attempt 1: 409 Conflict: Operation cannot be fulfilled on nodes \"w1\""), p1);
        assertTrue(p1.contains("patch attempt 3: after 200 ms (+ up to half again): patched"), p1);
        String p3 = CliHarness.run("trace", s.toString(), "--pod", "p3").out();
        assertTrue(p3.contains("patch attempt 2: after 100 ms (+ up to half again): re-read the node: the lock "
                + "already names this pod (the lost response's patch was applied): success"), p3);
    }

    /** nodelock_test.go TestSetNodeLockPreservesConcurrentLockAfterConflict: contention after the re-read, one patch. */
    @Test
    void aConflictFromAnotherHoldersConcurrentLockFailsTheBindAndKeepsThatLock() throws Exception {
        JsonNode out = run("""
                  - submit: {tenant: t, pod: %s}
                  - fault: {tenant: t, node: w1, lockPatch: conflict, holder: default/b}
                  - submit: {tenant: t, pod: %s}
                    expect: {phase: Pending, reason: BindingFailed}
                  - expectLock: {tenant: t, node: w1, held: true, holder: default/b}
                """.formatted(POD.formatted("b", "cpu: 100m"), POD.formatted("a", GPU)));
        assertEquals(0, out.at("/summary/failed").asInt(), out.toString());
        assertEquals("failed to set node lock (node=w1, retry strategy={Duration:100ms Factor:2 Jitter:0.5 Steps:5 "
                + "Cap:0s}): node w1 is locked: node lock contention", out.at("/steps/2/observed/message").asText());
        String a = CliHarness.run("trace", dir.resolve("s.yaml").toString(), "--pod", "a").out();
        assertTrue(a.contains("patch attempt 2: after 100 ms (+ up to half again): re-read the node: locked by "
                + "another holder"), a);
        assertTrue(!a.contains("patch attempt 3"), a);
    }

    /**
     * nodelock_test.go TestReleaseNodeLockPreservesConcurrentLockAfterConflict,
     * TestReleaseNodeLockPreservesReplacedLegacyLockAfterConflict, TestReleaseNodeLockReleasesRestampedLockForSamePod:
     * {@code ReleaseNodeLock} re-reads the node after a conflict and removes only the lock it still owns.
     */
    @Test
    void aReleaseAfterAConflictRemovesOnlyTheLockItStillOwns() throws Exception {
        JsonNode out = run("""
                  - submit: {tenant: t, pod: %s}
                  - submit: {tenant: t, pod: %s}
                  - lock: {tenant: t, node: w1, holder: default/a}
                    expect: {outcome: ACQUIRED}
                  - fault: {tenant: t, node: w1, lockPatch: conflict, holder: default/b}
                  - release: {tenant: t, node: w1, holder: default/a}
                    expect: {released: false}
                  - expectLock: {tenant: t, node: w1, held: true, holder: default/b}
                  - release: {tenant: t, node: w1, holder: default/b}
                    expect: {released: true}
                  - lock: {tenant: t, node: w1, value: "2026-08-01T06:00:00Z"}
                  - fault: {tenant: t, node: w1, lockPatch: conflict, value: "2026-08-01T06:00:01Z"}
                  - release: {tenant: t, node: w1, holder: default/a}
                    expect: {released: false}
                  - release: {tenant: t, node: w1, holder: default/a}
                    expect: {released: true}
                  - lock: {tenant: t, node: w1, value: "2026-07-29T13:00:00Z,default,a"}
                  - fault: {tenant: t, node: w1, lockPatch: conflict, value: "2026-07-29T13:00:01Z,default,a"}
                  - release: {tenant: t, node: w1, holder: default/a}
                    expect: {released: true}
                  - expectLock: {tenant: t, node: w1, held: false}
                  - lock: {tenant: t, node: w1, holder: default/a}
                  - fault: {tenant: t, node: w1, lockPatch: lost}
                  - release: {tenant: t, node: w1, holder: default/a}
                    expect: {released: true}
                """.formatted(POD.formatted("a", "cpu: 100m"), POD.formatted("b", "cpu: 100m")));
        assertEquals(0, out.at("/summary/failed").asInt(), out.toString());
        assertEquals("2026-08-01T06:00:01Z", out.at("/steps/9/observed/lock").asText());
    }
}
