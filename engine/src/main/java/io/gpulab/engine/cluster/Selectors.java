package io.gpulab.engine.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The equality form of a label selector string ({@code a=b,c==d}), the form a Deployment's status selector takes when
 * its {@code matchLabels} is all it has (Kamaji's TCP Deployments). A requirement of another form matches nothing, so
 * a selector gpulab cannot read never picks pods it should not.
 */
final class Selectors {

    private Selectors() {
    }

    /** The label pairs, empty when the selector is empty or has a requirement that is not an equality. */
    static Map<String, String> equalities(@Nullable String selector) {
        Map<String, String> out = new LinkedHashMap<>();
        if (selector == null || selector.isBlank()) {
            return out;
        }
        for (String part : selector.split(",")) {
            String p = part.strip();
            int eq = p.indexOf('=');
            if (eq <= 0 || p.contains("!") || p.contains(" in ") || p.contains("(")) {
                return Map.of();
            }
            String value = p.substring(eq + 1).startsWith("=") ? p.substring(eq + 2) : p.substring(eq + 1);
            out.put(p.substring(0, eq).strip(), value.strip());
        }
        return out;
    }

    static boolean matches(Map<String, String> wanted, @Nullable Map<String, String> labels) {
        if (labels == null) {
            return false;
        }
        return wanted.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
    }
}
