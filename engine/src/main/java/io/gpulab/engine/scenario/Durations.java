package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Go-style durations as written in Helm values and scenario files: {@code 5m}, {@code 1h30m}, {@code 90s}. */
public final class Durations {

    private static final Pattern WHOLE = Pattern.compile("(\\d+(?:\\.\\d+)?(?:ms|s|m|h))+");
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    private Durations() {
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException with a readable message for anything else
     */
    public static Duration parse(String text) {
        String s = text.trim();
        Duration simple = simple(s);
        if (simple != null) {
            return simple;
        }
        if (!WHOLE.matcher(s).matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a duration (e.g. 30s, 5m, 1h30m, 500ms)");
        }
        long millis = 0;
        Matcher m = PART.matcher(s);
        while (m.find()) {
            BigDecimal n = new BigDecimal(m.group(1));
            long unit = switch (m.group(2)) {
                case "ms" -> 1L;
                case "s" -> 1_000L;
                case "m" -> 60_000L;
                default -> 3_600_000L;
            };
            millis += n.multiply(BigDecimal.valueOf(unit)).longValue();
        }
        return Duration.ofMillis(millis);
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
