package io.gpulab.engine.plan;

import io.fabric8.kubernetes.api.model.Quantity;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** CPU and memory requests of manifests already checked by their reader: lenient, 0 for none. */
final class Quantities {

    private static final BigDecimal MIB = BigDecimal.valueOf(1L << 20);

    private Quantities() {
    }

    static long milli(@Nullable String q) {
        return scaled(q, BigDecimal.valueOf(1000), BigDecimal.ONE);
    }

    static long mib(@Nullable String q) {
        return scaled(q, BigDecimal.ONE, MIB);
    }

    private static long scaled(@Nullable String q, BigDecimal scale, BigDecimal unit) {
        if (q == null || q.isBlank()) {
            return 0;
        }
        try {
            BigDecimal v = Quantity.parse(q).getNumericalAmount();
            return Math.max(0, v.multiply(scale).divide(unit, 0, RoundingMode.CEILING).longValue());
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
