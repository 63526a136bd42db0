package io.gpulab.scheduler.codec;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Year;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * Go's {@code time.Parse(time.RFC3339, value)} (src/time/format.go), which HAMi's {@code ParseNodeLock} calls: the
 * layout {@code 2006-01-02T15:04:05Z07:00} walked chunk by chunk as Go walks it, so a value is accepted exactly when
 * Go accepts it (a one-digit hour too, a fraction of a second although the layout has none) and refused with Go's
 * own error, e.g. {@code parsing time "lock" as "2006-01-02T15:04:05Z07:00": cannot parse "lock" as "2006"} or
 * {@code parsing time "2026-13-01T00:00:00Z": month out of range}.
 */
public final class GoTime {

    /** Go's {@code time.RFC3339}. */
    public static final String RFC3339 = "2006-01-02T15:04:05Z07:00";

    /** The layout's chunks: the literal before each value element, and the element as Go names it. */
    private static final String[][] CHUNKS = {{"", "2006"}, {"-", "01"}, {"-", "02"}, {"T", "15"}, {":", "04"},
        {":", "05"}, {"", "Z07:00"}};

    /** The time, or Go's error text. */
    public record Parsed(@Nullable Instant time, @Nullable String error) { }

    private GoTime() {
    }

    public static Parsed parseRfc3339(String value) {
        String rest = value;
        int[] f = new int[6];
        long nanos = 0;
        int offsetSeconds = 0;
        for (int c = 0; c < CHUNKS.length; c++) {
            String prefix = CHUNKS[c][0];
            String std = CHUNKS[c][1];
            if (!prefix.isEmpty()) {
                if (rest.isEmpty() || rest.charAt(0) != prefix.charAt(0)) {
                    return bad(value, rest, prefix);
                }
                rest = rest.substring(1);
            }
            String hold = rest;
            switch (c) {
                case 0 -> {
                    if (rest.length() < 4) {
                        return bad(value, hold, std);
                    }
                    Integer y = atoi(rest.substring(0, 4));
                    if (y == null) {
                        return bad(value, hold, std);
                    }
                    f[0] = y;
                    rest = rest.substring(4);
                }
                case 3 -> {
                    int n = digits(rest, false);
                    if (n == 0) {
                        return bad(value, hold, std);
                    }
                    f[3] = Integer.parseInt(rest.substring(0, n));
                    rest = rest.substring(n);
                    if (f[3] >= 24) {
                        return range(value, "hour");
                    }
                }
                case 6 -> {
                    if (rest.startsWith("Z")) {
                        rest = rest.substring(1);
                        break;
                    }
                    if (rest.length() < 6 || rest.charAt(3) != ':' || digits(rest.substring(1, 3), true) != 2
                            || digits(rest.substring(4, 6), true) != 2) {
                        return bad(value, hold, std);
                    }
                    int hh = Integer.parseInt(rest.substring(1, 3));
                    int mm = Integer.parseInt(rest.substring(4, 6));
                    char sign = rest.charAt(0);
                    if (sign != '+' && sign != '-') {
                        return bad(value, hold, std);
                    }
                    if (hh > 24) {
                        return range(value, "time zone offset hour");
                    }
                    if (mm > 60) {
                        return range(value, "time zone offset minute");
                    }
                    offsetSeconds = (sign == '-' ? -1 : 1) * (hh * 3600 + mm * 60);
                    rest = rest.substring(6);
                }
                default -> {
                    if (digits(rest, true) != 2) {
                        return bad(value, hold, std);
                    }
                    int v = Integer.parseInt(rest.substring(0, 2));
                    rest = rest.substring(2);
                    f[c] = v;
                    if (c == 1 && (v <= 0 || v > 12)) {
                        return range(value, "month");
                    }
                    if (c == 4 && v >= 60) {
                        return range(value, "minute");
                    }
                    if (c == 5) {
                        if (v >= 60) {
                            return range(value, "second");
                        }
                        // a fraction of a second the layout does not have is read all the same
                        if (rest.length() >= 2 && (rest.charAt(0) == '.' || rest.charAt(0) == ',')
                                && digit(rest.charAt(1))) {
                            int n = 2;
                            while (n < rest.length() && rest.charAt(n) >= '0' && rest.charAt(n) <= '9') {
                                n++;
                            }
                            String frac = rest.substring(1, Math.min(n, 10));
                            nanos = Long.parseLong((frac + "000000000").substring(0, 9));
                            rest = rest.substring(n);
                        }
                    }
                }
            }
        }
        if (!rest.isEmpty()) {
            return new Parsed(null, "parsing time " + quote(value) + ": extra text: " + quote(rest));
        }
        int year = f[0];
        int month = f[1];
        int day = f[2];
        if (day < 1 || day > java.time.Month.of(month).length(Year.isLeap(year))) {
            return range(value, "day");
        }
        Instant t = LocalDateTime.of(year, month, day, f[3], f[4], f[5], (int) nanos)
                .toInstant(ZoneOffset.UTC).minusSeconds(offsetSeconds);
        return new Parsed(t, null);
    }

    /** Go's {@code atoi} on the year's four bytes: an optional sign, then digits only. */
    private static @Nullable Integer atoi(String s) {
        int i = 0;
        boolean neg = false;
        if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
            neg = s.charAt(0) == '-';
            i = 1;
        }
        if (i == s.length()) {
            return null;
        }
        int v = 0;
        for (; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch < '0' || ch > '9') {
                return null;
            }
            v = v * 10 + (ch - '0');
        }
        return neg ? -v : v;
    }

    /** Go's {@code getnum}: two digits when fixed, else one or two; 0 when it fails. */
    private static int digits(String s, boolean fixed) {
        if (s.isEmpty() || !digit(s.charAt(0))) {
            return 0;
        }
        if (s.length() < 2 || !digit(s.charAt(1))) {
            return fixed ? 0 : 1;
        }
        return 2;
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static Parsed bad(String value, String valueElem, String layoutElem) {
        return new Parsed(null, "parsing time " + quote(value) + " as " + quote(RFC3339) + ": cannot parse "
                + quote(valueElem) + " as " + quote(layoutElem));
    }

    private static Parsed range(String value, String what) {
        return new Parsed(null, "parsing time " + quote(value) + ": " + what + " out of range");
    }

    /** Go's {@code time.quote}: double quotes, {@code \"} and {@code \\}, other bytes outside ASCII as {@code \xNN}. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (cp >= 0x80 || cp < ' ') {
                for (byte x : new String(Character.toChars(cp)).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                    b.append("\\x").append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
                }
            } else {
                if (cp == '"' || cp == '\\') {
                    b.append('\\');
                }
                b.append((char) cp);
            }
            i += Character.charCount(cp);
        }
        return b.append('"').toString();
    }
}
