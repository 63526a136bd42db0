package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LockView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The node lock in the article's mock (lock kept) versus the real plugin's lifecycle (lock released). */
class SimLockLifecycleTest {

    private final SimBackend lab = SimBackend.start(ArticleLab.spec(LabSpec.LIFECYCLE_ARTICLE));

    @Test
    void theArticleMockKeepsTheLockAndTheNextPodWaits() {
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        LockView lock = lock();
        assertNotNull(lock);
        assertEquals("default/gpu-pod-1", lock.holder());
        assertEquals(Instant.parse("2026-01-01T00:05:00Z"), lock.expires());
        assertEquals("allocating", pod("gpu-pod-1").annotations().get("hami.io/bind-phase"));
        assertEquals("Running", pod("gpu-pod-1").phase());

        lab.execute(Pods.submit(TENANT_A, "gpu-pod-2", 20000, 30));
        PodView second = pod("gpu-pod-2");
        assertEquals("Pending", second.phase());
        assertEquals("BindingFailed", second.reason());
        assertEquals("node tenant-a-worker has been locked within 5m0s: node lock contention", second.message());
        assertTrue(lab.events().stream().anyMatch(e -> e.reason().equals("FailedScheduling")
                && e.message().equals("binding rejected: " + second.message())));
        PodTrace.Step waiting = last("gpu-pod-2");
        assertEquals("bind", waiting.stage());
        assertEquals(PodTrace.Outcome.WAITING, waiting.outcome());
    }

    @Test
    void unlockByHandLetsTheWaitingPodBind() {
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-2", 20000, 30));
        assertTrue(lab.execute(new LabCommand.Unlock(TENANT_A, WORKER_A)).accepted());
        assertEquals("Running", pod("gpu-pod-2").phase());
        assertEquals("default/gpu-pod-2", lock().holder());
        assertTrue(lab.trace(TENANT_A, "default/gpu-pod-1").steps().stream()
                .anyMatch(s -> s.stage().equals("lock") && s.summary().contains("removed by hand")));
    }

    @Test
    void theLockExpiresOnlyAfterFiveVirtualMinutes() {
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-2", 20000, 30));
        lab.execute(new LabCommand.Advance(Duration.ofMinutes(5)));
        assertEquals("Pending", pod("gpu-pod-2").phase(), "HAMi takes a lock over only when older than 5m0s");
        lab.execute(new LabCommand.Advance(Duration.ofSeconds(1)));
        assertEquals("Running", pod("gpu-pod-2").phase());
        assertEquals("default/gpu-pod-2", lock().holder());
        assertEquals(Instant.parse("2026-01-01T00:05:01Z"), lock().since());
        assertTrue(lab.trace(TENANT_A, "default/gpu-pod-2").steps().stream()
                .anyMatch(s -> s.stage().equals("lock") && s.summary().contains("expired")));
    }

    @Test
    void deletingTheHolderLetsTheNextBindTakeTheDanglingLockOver() {
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-2", 20000, 30));
        lab.execute(new LabCommand.DeletePod(TENANT_A, "default/gpu-pod-1"));
        assertEquals("Running", pod("gpu-pod-2").phase());
        assertEquals("default/gpu-pod-2", lock().holder());
        assertTrue(lab.trace(TENANT_A, "default/gpu-pod-2").steps().stream()
                .anyMatch(s -> s.stage().equals("lock") && s.summary().contains("holder no longer exists")));
    }

    @Test
    void waitingThroughSeveralCommandsAddsNoDuplicateEvents() {
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-2", 20000, 30));
        int events = lab.events().size();
        int steps = lab.trace(TENANT_A, "default/gpu-pod-2").steps().size();
        lab.execute(new LabCommand.Advance(Duration.ofMinutes(1)));
        lab.execute(new LabCommand.Advance(Duration.ofMinutes(1)));
        assertEquals(events, lab.events().size());
        assertEquals(steps, lab.trace(TENANT_A, "default/gpu-pod-2").steps().size());
    }

    @Test
    void theCompleteLifecycleReleasesTheLockAfterEachAllocation() {
        SimBackend real = SimBackend.start(ArticleLab.spec(LabSpec.LIFECYCLE_COMPLETE));
        real.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        real.execute(Pods.submit(TENANT_A, "gpu-pod-2", 20000, 30));
        var a = real.snapshot().tenant(TENANT_A).orElseThrow();
        assertNull(a.node(WORKER_A).orElseThrow().lock());
        PodView p = a.pod("default/gpu-pod-2").orElseThrow();
        assertEquals("Running", p.phase());
        assertEquals("success", p.annotations().get("hami.io/bind-phase"));
        assertEquals(";", p.annotations().get("hami.io/vgpu-devices-to-allocate"));
        assertEquals("GPU-0,NVIDIA,20000,30:;", p.annotations().get("hami.io/vgpu-devices-allocated"));
    }

    @Test
    void switchingToCompleteDoesNotReleaseAnExistingLock() {
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        lab.execute(new LabCommand.SetLifecycle("complete"));
        assertEquals("complete", lab.snapshot().lifecycle());
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-2", 20000, 30));
        assertEquals("BindingFailed", pod("gpu-pod-2").reason());
    }

    private PodView pod(String name) {
        return lab.snapshot().tenant(TENANT_A).orElseThrow().pod("default/" + name).orElseThrow();
    }

    private LockView lock() {
        return lab.snapshot().tenant(TENANT_A).orElseThrow().node(WORKER_A).orElseThrow().lock();
    }

    private PodTrace.Step last(String name) {
        var steps = lab.trace(TENANT_A, "default/" + name).steps();
        return steps.get(steps.size() - 1);
    }
}
