package io.gpulab.scheduler.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.scheduler.codec.NodeLockCodec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** LockNode / ReleaseNodeLock rules on an injected clock. */
class NodeLockTest {

    private static final Instant T0 = Instant.parse("2026-12-02T10:00:00Z");

    private static NodeLock at(Instant now) {
        return new NodeLock(Clock.fixed(now, ZoneOffset.UTC));
    }

    private static String heldBy(String pod, Instant since) {
        return NodeLockCodec.encode(since, "default", pod);
    }

    @Test
    void freeNodeIsLockedWithTimeNamespaceAndPod() {
        LockDecision d = at(T0).acquire("w", null, "default", "p1", (ns, n) -> true);
        assertEquals(LockOutcome.ACQUIRED, d.outcome());
        assertEquals("2026-12-02T10:00:00Z,default,p1", d.newValue());
    }

    @Test
    void aFreshLockOfAnotherLivePodIsContention() {
        LockDecision d = at(T0.plusSeconds(299)).acquire("w", heldBy("p1", T0), "default", "p2", (ns, n) -> true);
        assertEquals(LockOutcome.CONTENTION, d.outcome());
        assertFalse(d.acquired());
        assertEquals("node w has been locked within 5m0s: node lock contention", d.error());
    }

    @Test
    void aLockOlderThanFiveMinutesIsTakenOver() {
        LockDecision d = at(T0.plusSeconds(301)).acquire("w", heldBy("p1", T0), "default", "p2", (ns, n) -> true);
        assertEquals(LockOutcome.TOOK_OVER_EXPIRED, d.outcome());
        assertEquals("2026-12-02T10:05:01Z,default,p2", d.newValue());
        assertEquals(LockOutcome.CONTENTION, at(T0.plusSeconds(300))
                .acquire("w", heldBy("p1", T0), "default", "p2", (ns, n) -> true).outcome());
    }

    @Test
    void theHolderReacquiresAndADeletedHolderIsDangling() {
        LockDecision same = at(T0.plusSeconds(10)).acquire("w", heldBy("p1", T0), "default", "p1", (ns, n) -> true);
        assertEquals(LockOutcome.REENTRANT, same.outcome());
        assertNull(same.newValue());
        LockDecision gone = at(T0.plusSeconds(10)).acquire("w", heldBy("p1", T0), "default", "p2",
                (ns, n) -> !n.equals("p1"));
        assertEquals(LockOutcome.TOOK_OVER_DANGLING, gone.outcome());
    }

    @Test
    void malformedLockFailsTheBindWithTheParseError() {
        LockDecision d = at(T0).acquire("w", "a,b", "default", "p", (ns, n) -> true);
        assertEquals(LockOutcome.MALFORMED, d.outcome());
        assertEquals("malformed lock annotation: expected 3 parts, got 2 from a,b", d.error());
    }

    @Test
    void releaseIsOwnerCheckedExceptForLegacyLocks() {
        NodeLock l = at(T0);
        assertTrue(l.shouldRelease(heldBy("p1", T0), "default", "p1", false));
        assertFalse(l.shouldRelease(heldBy("p1", T0), "default", "p2", false));
        assertTrue(l.shouldRelease(heldBy("p1", T0), "default", "p2", true));
        assertTrue(l.shouldRelease(NodeLockCodec.encodeLegacy(T0), "default", "p2", false));
        assertFalse(l.shouldRelease(null, "default", "p1", false));
    }

    @Test
    void inspectShowsHolderAndExpiry() {
        LockState s = new NodeLock(Clock.fixed(T0.plusSeconds(400), ZoneOffset.UTC), Duration.ofMinutes(5))
                .inspect(heldBy("p1", T0));
        assertEquals("default/p1", s.holder());
        assertEquals(T0.plusSeconds(300), s.expires());
        assertTrue(s.expired());
        assertEquals(LockState.FREE, at(T0).inspect(null));
    }

    @Test
    void podGroupRetryAndSetContentionTexts() {
        assertEquals("timed out after 28s waiting for node w to be unlocked: node lock contention",
                NodeLock.retryTimedOut("w", Duration.ofSeconds(28)));
        assertEquals("node w is locked: node lock contention", NodeLock.setContention("w"));
    }

    @Test
    void goDurationTexts() {
        assertEquals("5m0s", GoDuration.format(Duration.ofMinutes(5)));
        assertEquals("1h0m0s", GoDuration.format(Duration.ofHours(1)));
        assertEquals("28s", GoDuration.format(Duration.ofSeconds(28)));
        assertEquals("1m30.5s", GoDuration.format(Duration.ofMillis(90_500)));
        assertEquals("100ms", GoDuration.format(Duration.ofMillis(100)));
    }

    @Test
    void theOwnerReleasesALockWhoseTimeDoesNotParse() {
        // HAMi's ReleaseNodeLock checks the owner by the ",<ns>,<name>" suffix of the raw value, without parsing
        NodeLock lock = at(T0);
        assertTrue(lock.shouldRelease("yesterday,default,p1", "default", "p1", false));
        assertFalse(lock.shouldRelease("yesterday,default,p1", "default", "p2", false));
        assertFalse(lock.shouldRelease("yesterday,other,p1", "default", "p1", false));
    }
}
