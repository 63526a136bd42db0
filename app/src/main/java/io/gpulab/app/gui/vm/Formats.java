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
