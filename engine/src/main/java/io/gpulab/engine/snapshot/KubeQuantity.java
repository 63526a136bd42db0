package io.gpulab.engine.snapshot;

import io.fabric8.kubernetes.api.model.Quantity;
import io.gpulab.engine.scenario.Quote;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Quantities as the API server takes them, checked before the import writes one: the quantity syntax, not negative,
 * an extended resource ({@code nvidia.com/gpu}) a whole number, and within Kubernetes' 64-bit milli-value (a larger
 * value is refused, never wrapped). {@code 500m} is half a core.
 */
final class KubeQuantity {

    /** The largest amount whose milli-value fits in 64 bits. */
    static final BigDecimal MAX = io.gpulab.scheduler.request.Quantity.MAX_AMOUNT;

    private KubeQuantity() {
    }

    /** Why {@code q} cannot be written as {@code resource}'s quantity, or null when it can. */
    static @Nullable String problem(String resource, @Nullable Quantity q) {
        if (q == null) {
            return "empty, not a Kubernetes quantity";
        }
        String text = q.toString();
        boolean extended = resource.contains("/") && !resource.contains("kubernetes.io/");
        if (io.gpulab.scheduler.request.Quantity.smallPlain(text, extended)) {
            return null; // "8", "500m", "16Gi": valid, small and not negative, without big-number work per pod
        }
        if (text.length() > 64 || !io.gpulab.scheduler.request.Quantity.isValid(text)) {
            return "\"" + Quote.clip(text) + "\" is not a Kubernetes quantity";
        }
        BigDecimal amount;
        try {
            amount = q.getNumericalAmount();
        } catch (RuntimeException e) {
            return "\"" + Quote.clip(text) + "\" is not a Kubernetes quantity";
        }
        if (amount.signum() < 0) {
            return "\"" + text + "\" is negative";
        }
        if (amount.compareTo(MAX) > 0) {
            return "\"" + Quote.clip(text) + "\" " + io.gpulab.scheduler.request.Quantity.TOO_LARGE;
        }
        if (extended && amount.movePointRight(3).setScale(0, RoundingMode.CEILING)
                .remainder(BigDecimal.valueOf(1000)).signum() != 0) {
            return "\"" + text + "\" is not a whole number (" + Quote.clip(resource) + " is an extended resource; the "
                    + "API server refuses the pod)";
        }
        return null;
    }

    /**
     * A node's capacity in whole {@code unit}s, as the lab counts it: rounded down (memory's last part of a MiB), but
     * never to zero ({@code 500m} CPU is 1 core, listed); a fraction of a core is listed. Null (listed, the lab's
     * default used) when it is missing, not a quantity, zero or beyond what a lab holds.
     */
    static @Nullable Long whole(@Nullable Map<String, Quantity> capacity, String key, BigDecimal unit, String where,
                                String units, String fallback, List<String> skipped) {
        Quantity q = capacity == null ? null : capacity.get(key);
        if (q == null) {
            skipped.add(where + ": missing (" + fallback + ")");
            return null;
        }
        String problem = problem(key, q);
        if (problem != null) {
            skipped.add(where + ": " + problem + " (" + fallback + ")");
            return null;
        }
        BigDecimal exact = q.getNumericalAmount().divide(unit);
        BigDecimal up = exact.setScale(0, RoundingMode.FLOOR);
        if (exact.signum() == 0) {
            skipped.add(where + ": " + q + " is zero (" + fallback + ")");
            return null;
        }
        if (up.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            skipped.add(String.format(Locale.ROOT, "%s: %s is more than the %,d %s a lab worker holds (%s)", where,
                    Quote.clip(q.toString()), Integer.MAX_VALUE, units, fallback));
            return null;
        }
        if (up.signum() == 0) {
            up = BigDecimal.ONE;
            skipped.add(where + ": " + q + " is less than one of the whole " + units + " the lab counts (imported as 1)");
        } else if (up.compareTo(exact) != 0 && "cores".equals(units)) {
            skipped.add(where + ": " + q + " is not a whole number of cores; the lab counts whole cores (imported as "
                    + up.toPlainString() + ")");
        }
        return up.longValue();
    }
}
