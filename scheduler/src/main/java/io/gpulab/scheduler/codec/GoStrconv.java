package io.gpulab.scheduler.codec;

import org.jspecify.annotations.Nullable;

/** Go's strconv.Atoi / ParseBool acceptance rules, so legacy values are accepted exactly as HAMi accepts them. */
final class GoStrconv {

    private GoStrconv() {
    }

    /** The int value, or {@code null} if Go's {@code strconv.Atoi} would reject the text. */
    static @Nullable Integer atoi(String s) {
        if (!goInteger(s)) {
            return null;
        }
        try {
            return Integer.parseInt(s.startsWith("+") ? s.substring(1) : s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Whether {@code s} is an optional sign and at least one ASCII digit (the regex {@code [+-]?[0-9]+}),
     * checked by hand: {@code String.matches} compiled a pattern per call, 200 MB of garbage per 50,000 pods.
     */
    private static boolean goInteger(String s) {
        int i = !s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-') ? 1 : 0;
        if (i == s.length()) {
            return false;
        }
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    static String atoiError(String s) {
        String kind = goInteger(s) ? "value out of range" : "invalid syntax";
        return "strconv.Atoi: parsing \"" + s + "\": " + kind;
    }

    /** The boolean, or {@code null} if Go's {@code strconv.ParseBool} would reject the text. */
    static @Nullable Boolean parseBool(String s) {
        return switch (s) {
            case "1", "t", "T", "TRUE", "true", "True" -> Boolean.TRUE;
            case "0", "f", "F", "FALSE", "false", "False" -> Boolean.FALSE;
            default -> null;
        };
    }

    static String parseBoolError(String s) {
        return "strconv.ParseBool: parsing \"" + s + "\": invalid syntax";
    }
}
