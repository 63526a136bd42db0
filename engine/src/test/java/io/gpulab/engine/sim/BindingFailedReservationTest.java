package io.gpulab.engine.sim;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pod whose bind failed on the node lock keeps its card reservation, as HAMi v2.10's scheduler cache does: Filter
 * reserved it (hami.io/vgpu-node and vgpu-devices-allocated written, the pod added to the pod cache); Bind's failure
 * releases the node lock only; the cache drops a pod when it is deleted or turns Succeeded/Failed, and a re-filter
 * replaces the pod's own reservation (pkg/scheduler/scheduler.go onAddPod/onUpdatePod/onDelPod, Bind, Filter). So the
 * card counts it while it waits, and other pods are placed around it (docs/hami-fidelity.md, "Pods whose bind failed").
 */
class BindingFailedReservationTest {

    /** gpu-pod-1 runs and keeps the node lock; gpu-pod-2 waits for it ({@link LockWaitLab}). */
    private final SimBackend lab = LockWaitLab.start();

    @BeforeEach
    void oneRunningOneWaitingForTheLock() {
        assertEquals("BindingFailed", pod("gpu-pod-2").reason());
    }

    @Test
    void theWaitingPodIsCountedOnItsCardWithoutABindPhase() {
        CardView card = card();
        assertEquals(40000, card.usedMemMB(), "both reservations are on the card");
        assertEquals(60, card.usedCores());
        assertEquals(2, card.usedSlots());
        assertTrue(card.pods().contains("default/gpu-pod-2"), card.pods().toString());
        PodView waiting = pod("gpu-pod-2");
        assertEquals(WORKER_A, waiting.annotations().get("hami.io/vgpu-node"));
        assertEquals("GPU-0,NVIDIA,20000,30:;", waiting.annotations().get("hami.io/vgpu-devices-allocated"));
        // HAMi writes bind-phase only once it holds the lock
        assertFalse(waiting.annotations().containsKey("hami.io/bind-phase"), waiting.annotations().toString());
    }

    @Test
    void theNextPodIsPlacedAroundTheWaitingReservation() {
        // 81,920 - 40,000 = 41,920 MB left: a 50,000 MB pod does not fit while gpu-pod-2 waits
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-50g", 50000, 10));
        PodView big = pod("gpu-pod-50g");
        assertEquals("Pending", big.phase());
        assertEquals("1/1 CardInsufficientMemory", big.failedNodes().get(WORKER_A));
    }

    @Test
    void deletingTheWaitingPodFreesItsReservation() {
        lab.execute(new LabCommand.DeletePod(TENANT_A, "default/gpu-pod-2"));
        CardView card = card();
        assertEquals(20000, card.usedMemMB());
        assertEquals(1, card.usedSlots());
    }

    @Test
    void aRetryReplacesTheReservationInsteadOfAddingASecond() {
        lab.execute(new LabCommand.Advance(Duration.ofMinutes(5).plusSeconds(1)));
        assertEquals("Running", pod("gpu-pod-2").phase());
        CardView card = card();
        assertEquals(40000, card.usedMemMB());
        assertEquals(2, card.usedSlots());
    }

    private PodView pod(String name) {
        return LockWaitLab.pod(lab, name);
    }

    private CardView card() {
        return LockWaitLab.card(lab);
    }
}
