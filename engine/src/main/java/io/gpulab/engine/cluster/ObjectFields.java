package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.gpulab.engine.scenario.Quote;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads fields of a custom resource (a TenantControlPlane, a DataStore) that the API server did not type for us. A
 * field of the wrong type is not a crash and not a guess: it reads as absent and leaves one line naming the object
 * and the field, e.g. {@code TenantControlPlane default/tenant-a: spec.controlPlane.deployment.replicas is "two",
 * not an integer}.
 */
final class ObjectFields {

    private final Map<String, Object> root;
    private final String label;
    private final List<String> problems;

    /** {@code problems} receives one line per malformed field read. */
    ObjectFields(GenericKubernetesResource r, List<String> problems) {
        this.root = r.getAdditionalProperties() == null ? Map.of() : r.getAdditionalProperties();
        String ns = r.getMetadata() == null ? null : r.getMetadata().getNamespace();
        String name = r.getMetadata() == null ? "?" : r.getMetadata().getName();
        this.label = r.getKind() + " " + (ns == null || ns.isEmpty() ? "" : ns + "/") + name;
        this.problems = problems;
    }

    /** E.g. {@code TenantControlPlane default/tenant-a}. */
    String label() {
        return label;
    }

    /** The value at {@code path}, or null when absent or when a step on the way is not an object. */
    @Nullable Object get(String... path) {
        Object at = root;
        for (int i = 0; i < path.length; i++) {
            if (at == null) {
                return null;
            }
            if (!(at instanceof Map<?, ?> m)) {
                bad(String.join(".", java.util.Arrays.copyOf(path, i)), at, "an object");
                return null;
            }
            at = m.get(path[i]);
        }
        return at;
    }

    /** A string field, {@code ""} when absent or not a string. */
    String string(String... path) {
        Object v = get(path);
        if (v == null) {
            return "";
        }
        if (v instanceof String s) {
            return s;
        }
        bad(String.join(".", path), v, "a string");
        return "";
    }

    /** An integer field, {@code absent} when absent or not an integer. */
    int integer(int absent, String... path) {
        Object v = get(path);
        if (v == null) {
            return absent;
        }
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())
                && Math.abs(n.doubleValue()) <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        bad(String.join(".", path), v, "an integer");
        return absent;
    }

    /** A boolean field, null when absent or not a boolean. */
    @Nullable Boolean bool(String... path) {
        Object v = get(path);
        if (v == null || v instanceof Boolean) {
            return (Boolean) v;
        }
        bad(String.join(".", path), v, "true or false");
        return null;
    }

    /** A list of strings, empty when absent; an item that is not a string is left out and named. */
    List<String> strings(String... path) {
        Object v = get(path);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?> l)) {
            bad(String.join(".", path), v, "a list");
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            if (l.get(i) instanceof String s) {
                out.add(s);
            } else {
                bad(String.join(".", path) + "[" + i + "]", l.get(i), "a string");
            }
        }
        return out;
    }

    private void bad(String field, @Nullable Object value, String expected) {
        String shown = value instanceof Map<?, ?> ? "an object" : value instanceof List<?> ? "a list"
                : "\"" + Quote.visible(String.valueOf(value)) + "\"";
        String line = label + ": " + field + " is " + shown + ", not " + expected + " (left out)";
        if (!problems.contains(line)) {
            problems.add(line);
        }
    }
}
