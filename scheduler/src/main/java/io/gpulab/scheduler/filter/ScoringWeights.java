package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import java.util.HashSet;
import java.util.Set;

/**
 * Device score weights from {@code hami.io/device-scoring-weights} ({@code ParseDeviceScoringWeights}),
 * e.g. {@code slot=1,core=1,memory=3}; the defaults are 1,1,1. Error texts are HAMi's.
 */
public record ScoringWeights(long slot, long core, long memory) {

    public static final ScoringWeights DEFAULT = new ScoringWeights(1, 1, 1);
    private static final String KEY = HamiAnnotations.DEVICE_SCORING_WEIGHTS;

    /** Parses the annotation value; the error message is HAMi's full error text. */
    public static Decoded<ScoringWeights> parse(String value) {
        String prefix = "invalid " + KEY + " annotation " + GoQuote.quote(value) + ": ";
        String[] parts = value.split(",", -1);
        if (parts.length != 3) {
            return Decoded.fail(KEY, value, prefix + "expected slot, core, and memory weights");
        }
        long[] w = new long[3];
        Set<String> seen = new HashSet<>();
        for (String part : parts) {
            String p = part.strip();
            int eq = p.indexOf('=');
            if (eq < 0) {
                return Decoded.fail(KEY, part, prefix + "expected key=value entries");
            }
            String key = p.substring(0, eq).strip();
            String q = GoQuote.quote(key);
            if (seen.contains(key)) {
                return Decoded.fail(KEY, part, prefix + "duplicate " + q + " weight");
            }
            String raw = p.substring(eq + 1).strip();
            long weight;
            try {
                if (!raw.matches("[+-]?[0-9]+")) {
                    throw new NumberFormatException(raw);
                }
                weight = Long.parseLong(raw);
            } catch (NumberFormatException e) {
                return Decoded.fail(KEY, part, prefix + q + " weight must be an integer");
            }
            if (weight < 0) {
                return Decoded.fail(KEY, part, prefix + q + " weight must not be negative");
            }
            int slot = switch (key) {
                case "slot" -> 0;
                case "core" -> 1;
                case "memory" -> 2;
                default -> -1;
            };
            if (slot < 0) {
                return Decoded.fail(KEY, part, prefix + "unknown weight " + q);
            }
            w[slot] = weight;
            seen.add(key);
        }
        if (w[0] == 0 && w[1] == 0 && w[2] == 0) {
            return Decoded.fail(KEY, value, prefix + "at least one weight must be positive");
        }
        return Decoded.ok(new ScoringWeights(w[0], w[1], w[2]));
    }
}
