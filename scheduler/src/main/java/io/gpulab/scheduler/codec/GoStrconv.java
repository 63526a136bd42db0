package io.gpulab.scheduler.codec;

import org.jspecify.annotations.Nullable;

/** Go's strconv.Atoi / ParseBool acceptance rules, so legacy values are accepted exactly as HAMi accepts them. */
final class GoStrconv {

    private GoStrconv() {
    }

    /** The int value, or {@code null} if Go's {@code strconv.Atoi} would reject the text. */
    static @Nullable Integer atoi(String s) {
        if (s.isEmpty() || !s.matches("[+-]?[0-9]+")) {
            return null;
        }
        try {
            return Integer.parseInt(s.startsWith("+") ? s.substring(1) : s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static String atoiError(String s) {
        String kind = s.matches("[+-]?[0-9]+") ? "value out of range" : "invalid syntax";
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
