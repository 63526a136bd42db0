package io.gpulab.engine.scenario;

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
}
