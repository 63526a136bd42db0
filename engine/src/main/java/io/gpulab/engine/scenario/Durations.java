package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.time.Duration;

/** Go-style durations as written in Helm values and scenario files: {@code 5m}, {@code 1h30m}, {@code 90s}. */
public final class Durations {

    private Durations() {
    }

    /**
     * Parses {@code text} in one pass (no regular expression: a long duration once overflowed the stack),
     * at most {@link ReaderLimits#MAX_DURATION_CHARS} characters and {@link ReaderLimits#MAX_DURATION}.
     *
     * @throws IllegalArgumentException with a readable message for anything else
     */
    public static Duration parse(String text) {
        String s = text.trim();
        if (s.length() > ReaderLimits.MAX_DURATION_CHARS) {
            throw new IllegalArgumentException("a duration has at most " + ReaderLimits.MAX_DURATION_CHARS
                    + " characters, got " + s.length() + " (\"" + Quote.clip(s) + "\")");
        }
        Duration d = simple(s);
        if (d == null) {
            d = general(s);
        }
        if (d.compareTo(ReaderLimits.MAX_DURATION) > 0) {
            throw new IllegalArgumentException("\"" + Quote.clip(s) + "\" is longer than the longest duration "
                    + "allowed (" + format(ReaderLimits.MAX_DURATION) + ")");
        }
        return d;
    }

    /** {@code <number><unit>} repeated, e.g. {@code 1h30m} or {@code 1.5h}; sums exactly, so nothing wraps. */
    private static Duration general(String s) {
        if (s.isEmpty()) {
            throw notADuration(s);
        }
        BigDecimal millis = BigDecimal.ZERO;
        BigDecimal max = BigDecimal.valueOf(ReaderLimits.MAX_DURATION.toMillis());
        int i = 0;
        int n = s.length();
        while (i < n) {
            int start = i;
            while (i < n && (s.charAt(i) >= '0' && s.charAt(i) <= '9' || s.charAt(i) == '.')) {
                i++;
            }
            String number = s.substring(start, i);
            if (number.isEmpty() || number.startsWith(".") || number.endsWith(".")
                    || number.indexOf('.') != number.lastIndexOf('.')) {
                throw notADuration(s);
            }
            long unit;
            if (s.startsWith("ms", i)) {
                unit = 1L;
                i += 2;
            } else if (i < n && "smh".indexOf(s.charAt(i)) >= 0) {
                unit = switch (s.charAt(i)) {
                    case 's' -> 1_000L;
                    case 'm' -> 60_000L;
                    default -> 3_600_000L;
                };
                i++;
            } else {
                throw notADuration(s);
            }
            millis = millis.add(new BigDecimal(number).multiply(BigDecimal.valueOf(unit)));
            if (millis.compareTo(max) > 0) {
                return ReaderLimits.MAX_DURATION.plusMillis(1); // the caller names the limit
            }
        }
        return Duration.ofMillis(millis.longValue());
    }

    private static IllegalArgumentException notADuration(String s) {
        return new IllegalArgumentException("\"" + Quote.clip(s) + "\" is not a duration (e.g. 30s, 5m, 1h30m, 500ms)");
    }

    /**
     * {@code <digits><unit>} with a single unit, the form of nearly every duration (an imported trace has one per
     * step), read without the regular expressions and BigDecimal; null for anything else.
     */
    private static @Nullable Duration simple(String s) {
        int n = s.length();
        if (n < 2) {
            return null;
        }
        int unitAt = n - 1;
        while (unitAt > 0 && !Character.isDigit(s.charAt(unitAt - 1))) {
            unitAt--;
        }
        if (unitAt == 0 || unitAt > 12) {
            return null; // no digits, or too many to add up without overflow
        }
        long value = 0;
        for (int i = 0; i < unitAt; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            value = value * 10 + (c - '0');
        }
        return switch (s.substring(unitAt)) {
            case "ms" -> Duration.ofMillis(value);
            case "s" -> Duration.ofMillis(value * 1_000L);
            case "m" -> Duration.ofMillis(value * 60_000L);
            case "h" -> Duration.ofMillis(value * 3_600_000L);
            default -> null;
        };
    }

    /** The shortest form {@link #parse} reads back, e.g. {@code 5m} or {@code 1h30m}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms == 0) {
            return "0s";
        }
        StringBuilder sb = new StringBuilder();
        long h = ms / 3_600_000L;
        long m = ms / 60_000L % 60;
        long s = ms / 1000 % 60;
        long rest = ms % 1000;
        if (h > 0) {
            sb.append(h).append('h');
        }
        if (m > 0) {
            sb.append(m).append('m');
        }
        if (s > 0) {
            sb.append(s).append('s');
        }
        if (rest > 0) {
            sb.append(rest).append("ms");
        }
        return sb.toString();
    }
}
