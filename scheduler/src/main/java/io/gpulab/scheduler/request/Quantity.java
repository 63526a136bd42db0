package io.gpulab.scheduler.request;

import java.math.BigDecimal;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Kubernetes resource quantities ({@code k8s.io/apimachinery resource.ParseQuantity}) and
 * {@code Quantity.AsInt64}: a value is an int64 only when parsing took the fast path; fractions then round
 * up ({@code "1.5" -> 2}, {@code "500m" -> 1}), while values that needed arbitrary precision
 * ({@code "16.0Gi"}, {@code "1Pi"}, 19+ digits, exponents below nano) are not int64 at all.
 */
public final class Quantity {

    private static final int MAX_INT64_FACTORS = 18;
    private static final int NANO = -9;
    private static final Map<String, Integer> DECIMAL = Map.ofEntries(Map.entry("", 0), Map.entry("n", -9),
            Map.entry("u", -6), Map.entry("m", -3), Map.entry("k", 3), Map.entry("M", 6), Map.entry("G", 9),
            Map.entry("T", 12), Map.entry("P", 15), Map.entry("E", 18));
    private static final Map<String, Integer> BINARY = Map.of("Ki", 10, "Mi", 20, "Gi", 30, "Ti", 40, "Pi", 50,
            "Ei", 60);

    /**
     * The largest amount whose milli-value fits in 64 bits (Kubernetes' {@code MilliValue()}, which wraps beyond it):
     * gpulab refuses a larger quantity wherever it reads one (scenario, import, a submitted pod), never wraps it.
     */
    public static final BigDecimal MAX_AMOUNT = BigDecimal.valueOf(Long.MAX_VALUE).movePointLeft(3);

    /** What a refusal past {@link #MAX_AMOUNT} says after the quoted quantity. */
    public static final String TOO_LARGE =
            "is too large (more than 2^63-1 thousandths: Kubernetes' 64-bit milli-value; refused, not wrapped)";

    /** Most digits of a plain quantity per suffix that keep it within {@link #MAX_AMOUNT} (9.22e15). */
    private static final Map<String, Integer> PLAIN_DIGITS = Map.of("", 15, "m", 18, "k", 12, "M", 9, "G", 6,
            "Ki", 12, "Mi", 9, "Gi", 6);

    private Quantity() {
    }

    /**
     * Digits with one of the common suffixes ({@code 8}, {@code 500m}, {@code 16Gi}, {@code 528280312Ki}) few enough
     * to be a valid, non-negative quantity within {@link #MAX_AMOUNT}: what a reader may take without the big-number
     * parse. {@code wholeOnly} allows no suffix at all (an extended resource must be a whole number).
     */
    public static boolean smallPlain(String text, boolean wholeOnly) {
        int i = 0;
        while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            i++;
        }
        if (i == 0) {
            return false;
        }
        String suffix = text.substring(i);
        if (wholeOnly && !suffix.isEmpty()) {
            return false;
        }
        Integer most = PLAIN_DIGITS.get(suffix);
        return most != null && i <= most;
    }

    /** Whether Kubernetes would accept the string as a quantity at all. */
    public static boolean isValid(String s) {
        return parse(s) != Parsed.INVALID;
    }

    /** {@code AsInt64}: empty when the string is not a quantity or not representable as int64. */
    public static OptionalLong asInt64(String s) {
        if (isPlainInteger(s)) {
            // the common case "20000": the fast path of ParseQuantity with scale 0, exactly
            return OptionalLong.of(Long.parseLong(s));
        }
        Parsed p = parse(s);
        if (p == Parsed.INVALID || p == Parsed.BIG) {
            return OptionalLong.empty();
        }
        return p.scale < 0 ? OptionalLong.of(negativeScale(p.value, -p.scale)) : positiveScale(p.value, p.scale);
    }

    /** Up to 18 ASCII digits, no sign, no suffix: always int64 in Kubernetes. */
    private static boolean isPlainInteger(String s) {
        int n = s.length();
        if (n == 0 || n > MAX_INT64_FACTORS) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    private record Parsed(long value, int scale) {
        static final Parsed INVALID = new Parsed(0, Integer.MIN_VALUE);
        static final Parsed BIG = new Parsed(0, Integer.MAX_VALUE);
    }

    private static Parsed parse(String str) {
        QuantityString q = QuantityString.split(str);
        if (q == null) {
            return Parsed.INVALID;
        }
        int exponent;
        boolean binary = false;
        if (DECIMAL.containsKey(q.suffix())) {
            exponent = DECIMAL.get(q.suffix());
        } else if (BINARY.containsKey(q.suffix())) {
            exponent = BINARY.get(q.suffix());
            binary = true;
        } else if (q.suffix().length() > 1 && (q.suffix().charAt(0) == 'e' || q.suffix().charAt(0) == 'E')) {
            try {
                exponent = Integer.parseInt(q.suffix().substring(1));
            } catch (NumberFormatException e) {
                return Parsed.INVALID;
            }
        } else {
            return Parsed.INVALID;
        }
        return fastPath(q, exponent, binary);
    }

    private static Parsed fastPath(QuantityString q, int exponent, boolean binary) {
        int precision;
        int scale;
        long mantissa = 1;
        if (!binary) {
            scale = exponent;
            precision = MAX_INT64_FACTORS - (q.num().length() + q.denom().length());
        } else {
            scale = 0;
            if (exponent >= 0 && q.denom().isEmpty()) {
                mantissa = 1L << exponent;
                precision = 15 - q.num().length() - (int) ((float) exponent * 3 / 10) - 1;
            } else {
                precision = -1;
            }
        }
        if (precision < 0) {
            return Parsed.BIG;
        }
        scale -= q.denom().length();
        if (scale < NANO) {
            return Parsed.BIG;
        }
        long value;
        try {
            value = Long.parseLong(q.num() + q.denom());
        } catch (NumberFormatException e) {
            return Parsed.INVALID;
        }
        long result;
        try {
            result = Math.multiplyExact(value, mantissa);
        } catch (ArithmeticException e) {
            return Parsed.BIG;
        }
        return new Parsed(q.positive() ? result : -result, scale);
    }

    /** {@code negativeScaleInt64}: divides by 10^scale, rounding any fraction away from zero. */
    private static long negativeScale(long base, int scale) {
        long value = base;
        boolean fraction = false;
        for (int i = 0; i < scale; i++) {
            if (!fraction && value % 10 != 0) {
                fraction = true;
            }
            value = value / 10;
            if (value == 0) {
                return fraction ? (base > 0 ? 1 : -1) : 0;
            }
        }
        if (fraction) {
            value += base > 0 ? 1 : -1;
        }
        return value;
    }

    private static OptionalLong positiveScale(long base, int scale) {
        long v = base;
        try {
            for (int i = 0; i < scale; i++) {
                v = Math.multiplyExact(v, 10L);
            }
        } catch (ArithmeticException e) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(v);
    }
}
