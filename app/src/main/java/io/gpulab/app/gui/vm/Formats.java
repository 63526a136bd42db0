package io.gpulab.app.gui.vm;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How numbers, times and durations read everywhere in the workbench (and its exports). */
public final class Formats {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private Formats() {
    }

    /** {@code 81,920}: grouping as in the article. */
    public static String mb(long mb) {
        return String.format(Locale.ROOT, "%,d", mb);
    }

    public static String clock(Instant t) {
        return CLOCK.format(t);
    }

    public static String time(Instant t) {
        return TIME.format(t);
    }

    /**
     * An instant as the lab's clock reads it (the toolbar's {@code 00:05:30}, UTC), the date in front only when it is
     * not the clock's day ({@code 2026-09-30 11:00:00 UTC}, a real cluster's older times): one format on every surface.
     */
    public static String labTime(Instant t, Instant now) {
        return t.atOffset(ZoneOffset.UTC).toLocalDate().equals(now.atOffset(ZoneOffset.UTC).toLocalDate()) ? time(t)
                : clock(t);
    }

    /** An ISO-8601 instant as the engine writes it in prose ({@code 2026-01-01T00:00:00Z}). */
    private static final java.util.regex.Pattern ISO_INSTANT =
            java.util.regex.Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z\\b");

    /**
     * The engine's own prose (warnings) with its instants as the lab's clock reads them: "kubelet down since
     * 2026-01-01T00:00:00Z" beside a clock reading 00:00:00 read as two clocks. Not for quoted data (annotation values,
     * HAMi's messages), which stay as written.
     */
    public static String labText(String text, Instant now) {
        java.util.regex.Matcher m = ISO_INSTANT.matcher(text);
        if (!m.find()) {
            return text;
        }
        StringBuilder b = new StringBuilder();
        do {
            String shown;
            try {
                shown = labTime(Instant.parse(m.group()), now);
            } catch (java.time.format.DateTimeParseException e) {
                shown = m.group();
            }
            m.appendReplacement(b, java.util.regex.Matcher.quoteReplacement(shown));
        } while (m.find());
        return m.appendTail(b).toString();
    }

    /** {@code 4:05} for a countdown; {@code 0:00} once expired. */
    public static String countdown(Duration left) {
        long s = Math.max(0, left.getSeconds());
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    /** {@code 5m}, {@code 90s}, {@code 1h30m}: the scenario file's duration syntax. */
    public static String duration(Duration d) {
        long s = d.getSeconds();
        StringBuilder b = new StringBuilder();
        if (s >= 3600) {
            b.append(s / 3600).append('h');
            s %= 3600;
        }
        if (s >= 60) {
            b.append(s / 60).append('m');
            s %= 60;
        }
        if (s > 0 || b.length() == 0) {
            b.append(s).append('s');
        }
        return b.toString();
    }
}
