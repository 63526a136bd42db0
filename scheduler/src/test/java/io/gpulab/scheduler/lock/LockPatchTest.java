package io.gpulab.scheduler.lock;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HAMi v2.10's lock patch loops, as pkg/util/nodelock/nodelock_test.go exercises them. */
class LockPatchTest {

    private static final String MINE = "2026-08-01T06:00:00Z,ns,pod-a";
    private static final String OWNER = ",ns,pod-a";

    private static Supplier<LockPatch.Answer> answers(LockPatch.Answer... a) {
        ArrayDeque<LockPatch.Answer> q = new ArrayDeque<>(List.of(a));
        return () -> q.isEmpty() ? LockPatch.Answer.OK : q.poll();
    }

    private static LockPatch.Answer conflict(String writes) {
        return new LockPatch.Answer(LockPatch.Kind.CONFLICT, writes);
    }

    /** TestSetNodeLockPreservesConcurrentLockAfterConflict: contention, one patch, the other lock kept. */
    @Test
    void setStopsAtAnotherHoldersLock() {
        LockPatch.Result r = LockPatch.set("n", MINE, OWNER, answers(conflict("2026-08-01T06:00:00Z,ns,pod-b")));
        assertFalse(r.succeeded());
        assertEquals("2026-08-01T06:00:00Z,ns,pod-b", r.lock());
        assertEquals(2, r.attempts().size());
        assertTrue(r.error().endsWith("node n is locked: node lock contention"), r.error());
    }

    /** TestSetNodeLockSucceedsAfterLostPatchResponse. */
    @Test
    void setSucceedsWhenTheLostPatchWasApplied() {
        LockPatch.Result r = LockPatch.set("n", MINE, OWNER, answers(new LockPatch.Answer(LockPatch.Kind.LOST, null)));
        assertTrue(r.succeeded());
        assertEquals(MINE, r.lock());
    }

    /** Five conflicts exhaust DefaultStrategy.Steps; the last error is wrapped with the strategy. */
    @Test
    void setGivesUpAfterFiveConflicts() {
        LockPatch.Result r = LockPatch.set("n", MINE, OWNER, answers(conflict(null), conflict(null), conflict(null),
                conflict(null), conflict(null)));
        assertFalse(r.succeeded());
        assertNull(r.lock());
        assertEquals(List.of(0L, 100L, 200L, 400L, 800L), r.attempts().stream().map(LockPatch.Attempt::backoffMillis)
                .toList());
        assertEquals("failed to set node lock (node=n, retry strategy={Duration:100ms Factor:2 Jitter:0.5 Steps:5 "
                + "Cap:0s}): " + LockPatch.conflict("n"), r.error());
    }

    /** TestReleaseNodeLockPreservesConcurrentLockAfterConflict, ...ReplacedLegacyLock..., ...RestampedLock... */
    @Test
    void releaseRemovesOnlyWhatItStillOwns() {
        LockPatch.Result other = LockPatch.release("n", MINE, OWNER, false, answers(conflict("x,ns,pod-b")));
        assertTrue(other.succeeded());
        assertEquals("x,ns,pod-b", other.lock());
        LockPatch.Result legacy = LockPatch.release("n", "2026-08-01T06:00:00Z", OWNER, false,
                answers(conflict("2026-08-01T06:00:01Z")));
        assertTrue(legacy.succeeded());
        assertEquals("2026-08-01T06:00:01Z", legacy.lock());
        LockPatch.Result restamped = LockPatch.release("n", MINE, OWNER, false,
                answers(conflict("2026-08-01T06:00:01Z,ns,pod-a")));
        assertTrue(restamped.succeeded());
        assertNull(restamped.lock());
        assertEquals(2, restamped.attempts().size());
    }
}
