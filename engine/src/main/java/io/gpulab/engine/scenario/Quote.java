package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

/**
 * Values quoted in error messages: at most {@value #MAX} characters, one line. A 1 MB value (or a whole
 * file read as one) must not turn a one-line error into a megabyte of output.
 */
public final class Quote {

    /** The longest part of a value an error message repeats. */
    public static final int MAX = 80;

    private Quote() {
    }

    /** {@code value} on one line, cut to {@value #MAX} characters with the full length said. */
    public static String clip(String value) {
        StringBuilder sb = new StringBuilder(Math.min(value.length(), MAX) + 24);
        int n = Math.min(value.length(), MAX);
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            sb.append(c == '\n' ? '⏎' : Character.isISOControl(c) ? '?' : c);
        }
        if (value.length() > MAX) {
            sb.append("... (").append(value.length()).append(" characters)");
        }
        return sb.toString();
    }

    /**
     * {@code text} with what a terminal would obey made visible: control characters (C0 but newline, tab and carriage
     * return; DEL; C1) as {@code \x1b}, and the invisible bidirectional marks and overrides as {@code \u202e}. For
     * text from files and servers that is shown or written into a report.
     */
    public static String visible(String text) {
        StringBuilder b = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String e = escape(c);
            if (e != null && b == null) {
                b = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (b != null) {
                if (e != null) {
                    b.append(e);
                } else {
                    b.append(c);
                }
            }
        }
        return b == null ? text : b.toString();
    }

    private static @Nullable String escape(char c) {
        if (c == '\n' || c == '\t' || c == '\r') {
            return null;
        }
        if (c < 0x20 || c == 0x7f || c >= 0x80 && c <= 0x9f) {
            return String.format("\\x%02x", (int) c);
        }
        if (c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069 || c == 0x200e || c == 0x200f) {
            return String.format("\\u%04x", (int) c);
        }
        return null;
    }
}
