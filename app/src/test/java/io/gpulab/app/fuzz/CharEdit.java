package io.gpulab.app.fuzz;

/**
 * One character-level edit of a value (an annotation as a buggy writer might leave it): a character
 * dropped, text inserted, a character replaced, a part doubled, the value cut short.
 */
record CharEdit(Kind kind, double where, String token) {

    enum Kind { DROP, INSERT, REPLACE, DOUBLE, CUT }

    String apply(String value) {
        if (value.isEmpty()) {
            return kind == Kind.INSERT ? token : value;
        }
        int i = Math.min(value.length() - 1, (int) (where * value.length()));
        return switch (kind) {
            case DROP -> value.substring(0, i) + value.substring(i + 1);
            case INSERT -> value.substring(0, i) + token + value.substring(i);
            case REPLACE -> value.substring(0, i) + token + value.substring(Math.min(value.length(), i + 1));
            case DOUBLE -> value.substring(0, i) + value.substring(i) + value.substring(i);
            case CUT -> value.substring(0, i);
        };
    }

    @Override
    public String toString() {
        return kind + "@" + String.format(java.util.Locale.ROOT, "%.3f", where) + " '" + token + "'";
    }
}
