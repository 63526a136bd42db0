package io.gpulab.app.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;

/**
 * One edit of a text file, as a person (or a broken tool) makes them: a line dropped, doubled, moved or
 * re-indented, a value replaced by an awkward one, the file cut short, stray characters typed in.
 * Positions are fractions of the file, so one generated edit applies to any file.
 *
 * @param kind  which edit
 * @param where where in the file, 0 (start) to 1 (end)
 * @param other a second position (swap), 0 to 1
 * @param token what to write, for edits that write something
 */
record Mutation(Kind kind, double where, double other, String token) {

    enum Kind { DELETE_LINE, DUPLICATE_LINE, SWAP_LINES, REPLACE_VALUE, REPLACE_NUMBER, TRUNCATE, INSERT, INDENT, DEDENT }

    /** Values that broke readers before, or easily could: extremes, YAML specials, long and odd text. */
    static final List<String> AWKWARD = List.of("", "~", "null", "-1", "0", "2147483648", "9223372036854775808",
            "-9223372036854775809", "1e309", "-0.0", ".nan", ".inf", "NaN", "10000000", "2147483647",
            "2562047788015216h", "1m".repeat(300), "5m" + "0s".repeat(60), "x".repeat(5000), "&a x", "*a", "[",
            "{", "'", "\"", "\t", "ü", "\uD83D\uDE00", "true", "[1, 2]", "{a: b}", "!!binary AAAA", "<<: *a",
            "? x", "|", ">-", "- x", "default/", "/", "GPU-0", "tenant-b", "Rejected", "CardInsufficientCore",
            "16Gi", "0.5", "1.5", "-5m", "\\u0000", "%", "@x", "`x`", "#", "a: b: c", "\u0085", "\u2028");

    String apply(String text) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        int i = index(lines.size(), where);
        int j = index(lines.size(), other);
        switch (kind) {
            case DELETE_LINE -> lines.remove(i);
            case DUPLICATE_LINE -> lines.add(i, lines.get(i));
            case SWAP_LINES -> {
                String a = lines.get(i);
                lines.set(i, lines.get(j));
                lines.set(j, a);
            }
            case REPLACE_VALUE -> {
                String line = lines.get(i);
                int colon = line.indexOf(": ");
                lines.set(i, colon < 0 ? line + token : line.substring(0, colon + 2) + token);
            }
            case REPLACE_NUMBER -> lines.set(i, lines.get(i).replaceFirst("\\d+", Matcher.quoteReplacement(token)));
            case TRUNCATE -> {
                return text.substring(0, index(text.length() + 1, where));
            }
            case INSERT -> {
                int at = index(text.length() + 1, where);
                return text.substring(0, at) + token + text.substring(at);
            }
            case INDENT -> lines.set(i, "  " + lines.get(i));
            case DEDENT -> lines.set(i, lines.get(i).replaceFirst("^ {1,2}", ""));
            default -> throw new IllegalStateException(kind.name());
        }
        return String.join("\n", lines);
    }

    private static int index(int size, double fraction) {
        return Math.min(size - 1, Math.max(0, (int) (fraction * size)));
    }

    @Override
    public String toString() {
        String t = token.length() > 40 ? token.substring(0, 40) + "...(" + token.length() + ")" : token;
        return kind + "@" + String.format(java.util.Locale.ROOT, "%.3f", where) + (kind == Kind.SWAP_LINES
                ? "<->" + String.format(java.util.Locale.ROOT, "%.3f", other) : "") + (t.isEmpty() ? "" : " '" + t + "'");
    }
}
