package io.gpulab.engine.sim;

import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Reasons in words quote the lab as it is: who holds the node lock, since when and when HAMi takes it over; how much
 * the card that comes closest has left. gpu-pod-1 runs (20,000 MB, 30 %) and keeps the lock (the article's mock
 * never finishes Allocate); gpu-pod-2 waits for it, its reservation counted (40,000 MB and 60 % booked):
 * {@link LockWaitLab}.
 */
class LockAndLeftWordsTest {

    private final SimBackend lab = LockWaitLab.start();

    private PlainReason words(String pod) {
        return lab.plainReason(TENANT_A, "default/" + pod).orElseThrow();
    }

    @Test
    void aPodWaitingForTheLockSaysWhoHoldsItSinceWhenAndUntilWhen() {
        PlainReason w = words("gpu-pod-2");
        assertEquals("cannot bind to tenant-a-worker: default/gpu-pod-1 holds its node lock (hami.io/mutex.lock) "
                + "since 2026-01-01T00:00:00Z, and the device plugin has not finished its Allocate (hami.io/bind-phase: "
                + "allocating), which releases the lock; HAMi takes the lock over once it is older than 5m0s, after "
                + "2026-01-01T00:05:00Z", w.text());
        assertEquals("wait until after 2026-01-01T00:05:00Z, or remove the lock by hand (Unlock node; on a cluster: "
                + "kubectl annotate node tenant-a-worker hami.io/mutex.lock-)", w.fix());
        assertEquals("docs/reasons.md#bindingfailed", w.doc());
        // the times are the lock's, not the clock's: two minutes on, the sentence is the same
        lab.execute(new io.gpulab.engine.api.LabCommand.Advance(Duration.ofMinutes(2)));
        assertEquals(w, words("gpu-pod-2"));
    }

    @Test
    void lessMemoryThanAskedGivesWhatTheCardHasLeft() {
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-50g", 50000, 10));
        PlainReason w = words("gpu-pod-50g");
        assertEquals("asks 50,000 MB of one card; the only card has less than that free now (41,920 MB left on card 0 "
                + "of tenant-a-worker; the largest card here has 81,920 MB): it runs once pods on it end", w.text());
        assertEquals("delete or shrink a pod on that card, ask for at most 41,920 MB, or add a card", w.fix());
    }

    @Test
    void lessComputeThanAskedGivesWhatTheCardHasLeft() {
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-c50", 1000, 50));
        PlainReason w = words("gpu-pod-c50");
        assertEquals("asks 50 % of a card's compute; the only card has less than that left now (40 % left on card 0 "
                + "of tenant-a-worker): it runs once pods on it end", w.text());
        assertEquals("ask for at most 40 gpucores, delete a pod on that card, or add a card", w.fix());
    }
}
