package io.gpulab.scheduler.request;

import org.jspecify.annotations.Nullable;

/** The lexical split of a quantity ({@code parseQuantityString}): sign, numerator, denominator, suffix. */
record QuantityString(boolean positive, String num, String denom, String suffix) {

    private static final String SUFFIX_CHARS = "eEinumkKMGTP";

    /** The split, or {@code null} when the string is not a quantity. */
    static @Nullable QuantityString split(String str) {
        if (str.isEmpty()) {
            return null;
        }
        int end = str.length();
        int pos = 0;
        boolean positive = true;
        if (str.charAt(0) == '-' || str.charAt(0) == '+') {
            positive = str.charAt(0) == '+';
            pos++;
        }
        while (pos < end && str.charAt(pos) == '0') {
            pos++;
        }
        if (pos >= end) {
            return new QuantityString(positive, "0", "", "");
        }
        int start = pos;
        while (pos < end && isDigit(str.charAt(pos))) {
            pos++;
        }
        String num = pos == start ? "0" : str.substring(start, pos);
        String denom = "";
        if (pos < end && str.charAt(pos) == '.') {
            pos++;
            int d = pos;
            while (pos < end && isDigit(str.charAt(pos))) {
                pos++;
            }
            denom = str.substring(d, pos);
        }
        int suffixStart = pos;
        while (pos < end && SUFFIX_CHARS.indexOf(str.charAt(pos)) >= 0) {
            pos++;
        }
        if (pos < end && (str.charAt(pos) == '-' || str.charAt(pos) == '+')) {
            pos++;
        }
        while (pos < end && isDigit(str.charAt(pos))) {
            pos++;
        }
        if (pos < end) {
            return null;
        }
        return new QuantityString(positive, num, denom, str.substring(suffixStart));
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
