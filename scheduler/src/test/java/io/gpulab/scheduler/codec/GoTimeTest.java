package io.gpulab.scheduler.codec;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Go's time.Parse(time.RFC3339, ...) as HAMi's ParseNodeLock meets it: Go's acceptance and Go's error texts. */
class GoTimeTest {

    private static String error(String v) {
        GoTime.Parsed p = GoTime.parseRfc3339(v);
        assertNull(p.time(), v);
        return p.error();
    }

    private static Instant time(String v) {
        GoTime.Parsed p = GoTime.parseRfc3339(v);
        assertNull(p.error(), v);
        return p.time();
    }

    @Test
    void acceptsWhatGoAccepts() {
        assertEquals(Instant.parse("2026-07-03T07:35:10Z"), time("2026-07-03T15:35:10+08:00"));
        assertEquals(Instant.parse("2026-01-01T00:00:00Z"), time("2026-01-01T00:00:00Z"));
        assertEquals(Instant.parse("2026-01-01T01:00:00.5Z"), time("2026-01-01T1:00:00.5Z"));
    }

    @Test
    void refusesWithGosText() {
        assertEquals("parsing time \"lock\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"lock\" as \"2006\"",
                error("lock"));
        assertEquals("parsing time \"2026-1-01T00:00:00Z\" as \"2006-01-02T15:04:05Z07:00\": cannot parse "
                + "\"1-01T00:00:00Z\" as \"01\"", error("2026-1-01T00:00:00Z"));
        assertEquals("parsing time \"2026-13-01T00:00:00Z\": month out of range", error("2026-13-01T00:00:00Z"));
        assertEquals("parsing time \"2026-02-30T00:00:00Z\": day out of range", error("2026-02-30T00:00:00Z"));
        assertEquals("parsing time \"2026-01-01T00:00:00\" as \"2006-01-02T15:04:05Z07:00\": cannot parse \"\" as "
                + "\"Z07:00\"", error("2026-01-01T00:00:00"));
        assertEquals("parsing time \"2026-01-01T00:00:00Zx\": extra text: \"x\"", error("2026-01-01T00:00:00Zx"));
        assertEquals("parsing time \"2026-01-01 00:00:00Z\" as \"2006-01-02T15:04:05Z07:00\": cannot parse "
                + "\" 00:00:00Z\" as \"T\"", error("2026-01-01 00:00:00Z"));
    }
}
