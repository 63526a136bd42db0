package io.gpulab.scheduler.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** hami.io/mutex.lock values and hami.io/bind-phase. */
class NodeLockCodecTest {

    @Test
    void encodesAndDecodesTheIssueExample() {
        Instant t = Instant.parse("2025-10-20T03:07:02Z");
        String v = NodeLockCodec.encode(t.plusMillis(400), "jingyu-test", "gputest-6c77bb77f8-gvtzc");
        assertEquals("2025-10-20T03:07:02Z,jingyu-test,gputest-6c77bb77f8-gvtzc", v);
        NodeLockValue d = NodeLockCodec.decode(v).value();
        assertEquals(new NodeLockValue(t, "jingyu-test", "gputest-6c77bb77f8-gvtzc"), d);
        assertTrue(d.heldBy("jingyu-test", "gputest-6c77bb77f8-gvtzc"));
    }

    @Test
    void bareTimestampIsALegacyLockAndOffsetsAreAccepted() {
        NodeLockValue d = NodeLockCodec.decode("2025-10-20T11:07:02+08:00").value();
        assertTrue(d.legacy());
        assertEquals(Instant.parse("2025-10-20T03:07:02Z"), d.since());
    }

    @Test
    void malformedValuesAreTypedErrors() {
        Decoded<NodeLockValue> parts = NodeLockCodec.decode("2025-10-20T03:07:02Z,ns");
        assertEquals("malformed lock annotation: expected 3 parts, got 2 from 2025-10-20T03:07:02Z,ns",
                parts.error().message());
        Decoded<NodeLockValue> time = NodeLockCodec.decode("yesterday,ns,pod");
        assertFalse(time.isOk());
        assertEquals("yesterday", time.error().offendingPart());
        assertTrue(time.error().message().startsWith("parsing time \"yesterday\""));
    }

    @Test
    void bindPhases() {
        assertEquals(BindPhase.SUCCESS, BindPhase.decode("success").value());
        assertEquals("allocating", BindPhase.ALLOCATING.value());
        assertEquals("hami.io/bind-phase", BindPhase.decode("done").error().annotation());
    }
}
