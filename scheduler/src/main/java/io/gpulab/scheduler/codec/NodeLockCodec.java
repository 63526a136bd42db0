package io.gpulab.scheduler.codec;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** {@code hami.io/mutex.lock}: {@code <RFC3339 time>,<namespace>,<pod>}, or (legacy) a bare RFC3339 time. */
public final class NodeLockCodec {

    private static final String ANNOTATION = HamiAnnotations.MUTEX_LOCK;

    private NodeLockCodec() {
    }

    /** E.g. {@code 2025-10-20T03:07:02Z,jingyu-test,gputest-6c77bb77f8-gvtzc} (seconds precision, UTC). */
    public static String encode(Instant since, String namespace, String podName) {
        return rfc3339(since) + "," + namespace + "," + podName;
    }

    /** The legacy form: the time alone. */
    public static String encodeLegacy(Instant since) {
        return rfc3339(since);
    }

    public static String rfc3339(Instant t) {
        // a simulated clock binds many pods in the same second: the formatting (a date-time, an offset and the
        // printer's buffers per call) runs once per second met, not once per lock. An immutable pair, so threads
        // (a plan's candidates run in parallel) may race on the field and still read a consistent one.
        Second last = lastSecond;
        long s = t.getEpochSecond();
        if (last != null && last.epochSecond == s) {
            return last.text;
        }
        String text = DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                t.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC));
        lastSecond = new Second(s, text);
        return text;
    }

    private record Second(long epochSecond, String text) { }

    private static Second lastSecond;

    /** {@code ParseNodeLock}: no comma means a legacy time; otherwise exactly three parts. */
    public static Decoded<NodeLockValue> decode(String value) {
        if (!value.contains(",")) {
            return parseTime(value).map(t -> new NodeLockValue(t, null, null));
        }
        String[] parts = value.split(",", -1);
        if (parts.length != 3) {
            return Decoded.fail(ANNOTATION, value,
                    "malformed lock annotation: expected 3 parts, got " + parts.length + " from " + value);
        }
        return parseTime(parts[0]).map(t -> new NodeLockValue(t, parts[1], parts[2]));
    }

    private static Decoded<Instant> parseTime(String s) {
        GoTime.Parsed p = GoTime.parseRfc3339(s);
        return p.time() != null ? Decoded.ok(p.time()) : Decoded.fail(ANNOTATION, s, p.error());
    }
}
