package io.gpulab.engine.sim;

import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.request.Quantity;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Reads a Pod manifest (parsed YAML/JSON tree) the way the API server validates it. Errors name the
 * field, e.g. {@code spec.containers[0].resources.limits[nvidia.com/gpu]}.
 */
final class PodManifests {

    private static final String QUANTITY_REGEX = "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

    private PodManifests() {
    }

    /** @throws IllegalArgumentException with the API server's kind of message */
    static ParsedPod parse(Map<String, Object> manifest) {
        Object kind = manifest.get("kind");
        if (kind != null && !"Pod".equals(kind)) {
            throw new IllegalArgumentException("kind: expected Pod, got " + kind);
        }
        Map<String, Object> meta = map(manifest.get("metadata"), "metadata");
        String name = string(meta.get("name"), "metadata.name");
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("metadata.name: Required value: name is required");
        }
        String ns = string(meta.get("namespace"), "metadata.namespace");
        String namespace = ns == null || ns.isEmpty() ? "default" : ns;
        String where = "Pod \"" + name + "\" is invalid: ";
        Map<String, Object> spec = map(manifest.get("spec"), "spec");
        List<ContainerResources> inits = containers(spec.get("initContainers"), "spec.initContainers", where);
        // an empty container list is refused by validation, which runs AFTER mutating admission: HAMi's webhook
        // sees (and denies) such a pod first; see requireContainers
        List<ContainerResources> apps = containers(spec.get("containers"), "spec.containers", where);
        PodInfo info = new PodInfo(namespace, name, strings(meta.get("annotations"), "metadata.annotations"),
                strings(meta.get("labels"), "metadata.labels"), inits, apps);
        return new ParsedPod(info, string(spec.get("schedulerName"), "spec.schedulerName"), kubeRequests(inits, apps),
                string(spec.get("nodeName"), "spec.nodeName"));
    }

    /** The API server's validation of a pod that passed admission: it needs a container. */
    static void requireContainers(ParsedPod pod) {
        if (pod.info().containers().isEmpty()) {
            throw new IllegalArgumentException("Pod \"" + pod.info().name() + "\" is invalid: "
                    + "spec.containers: Required value");
        }
    }

    private static List<ContainerResources> containers(@Nullable Object raw, String field, String where) {
        if (raw == null) {
            return List.of();
        }
        if (!(raw instanceof List<?> list)) {
            throw new IllegalArgumentException(where + field + ": must be a list");
        }
        List<ContainerResources> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String f = field + "[" + i + "]";
            Map<String, Object> c = map(list.get(i), f);
            String cname = string(c.get("name"), f + ".name");
            if (cname == null || cname.isEmpty()) {
                throw new IllegalArgumentException(where + f + ".name: Required value");
            }
            Map<String, Object> res = map(c.get("resources"), f + ".resources");
            out.add(new ContainerResources(cname, quantities(res.get("limits"), f + ".resources.limits", where),
                    quantities(res.get("requests"), f + ".resources.requests", where)));
        }
        return out;
    }

    private static Map<String, String> quantities(@Nullable Object raw, String field, String where) {
        Map<String, String> out = new LinkedHashMap<>();
        map(raw, field).forEach((k, v) -> {
            String q = v instanceof BigDecimal || v instanceof Double || v instanceof Float
                    ? new BigDecimal(v.toString()).stripTrailingZeros().toPlainString() : String.valueOf(v);
            String f = field + "[" + k + "]";
            if (!Quantity.isValid(q)) {
                throw new IllegalArgumentException(where + f + ": Invalid value: \"" + q
                        + "\": quantities must match the regular expression " + QUANTITY_REGEX);
            }
            BigDecimal amount = amount(q);
            if (amount.signum() < 0) {
                throw new IllegalArgumentException(where + f + ": Invalid value: \"" + q
                        + "\": must be greater than or equal to 0");
            }
            // past 64-bit milli-values Kubernetes' MilliValue() wraps; a pod's request must not (request() below)
            if (amount.compareTo(Quantity.MAX_AMOUNT) > 0) {
                throw new IllegalArgumentException(where + f + ": Invalid value: \"" + q + "\": " + Quantity.TOO_LARGE);
            }
            // apimachinery validateResourceQuantityValue: an extended resource's MilliValue() (rounded up) must be a
            // whole multiple of 1000; the written form does not matter, so "16.0Gi" (17179869184) is an integer
            if (extended(k) && !whole(amount) && amount.movePointRight(3).setScale(0, RoundingMode.CEILING)
                    .remainder(BigDecimal.valueOf(1000)).signum() != 0) {
                throw new IllegalArgumentException(where + f + ": Invalid value: \"" + q + "\": must be an integer");
            }
            // shared once valid: a refused quantity must not take a place in the lab-wide table
            out.put(k, shared(q));
        });
        return out;
    }

    /**
     * Quantity texts seen so far: every pod keeps its limits for the whole run, and a replay's pods repeat a few dozen
     * quantities ("1", "50", "8Gi"), so each is one string, not one per pod. Bounded; shared by all labs in the JVM.
     */
    private static final Map<String, String> QUANTITIES = new java.util.concurrent.ConcurrentHashMap<>();
    private static final int MAX_QUANTITIES = 4096;

    private static String shared(String q) {
        String known = QUANTITIES.get(q);
        if (known != null) {
            return known;
        }
        if (QUANTITIES.size() < MAX_QUANTITIES) {
            known = QUANTITIES.putIfAbsent(q, q);
        }
        return known != null ? known : q;
    }

    /** An integer value, whose milli-value is a multiple of 1000 without big-number arithmetic per pod. */
    private static boolean whole(BigDecimal amount) {
        return amount.scale() <= 0;
    }

    /** The quantity's value (the string was already checked to be a quantity). */
    static BigDecimal amount(String q) {
        // the forms a trace replay writes thousands of times, without the general parser's big-number work
        int n = q.length();
        if (n > 0 && n < 16) {
            if (digits(q, 0, n)) {
                return BigDecimal.valueOf(Long.parseLong(q));
            }
            if (n > 1 && q.charAt(n - 1) == 'm' && digits(q, 0, n - 1)) {
                return BigDecimal.valueOf(Long.parseLong(q, 0, n - 1, 10), 3);
            }
            if (n > 2 && q.endsWith("Mi") && digits(q, 0, n - 2)) {
                return BigDecimal.valueOf(Long.parseLong(q, 0, n - 2, 10) << 20);
            }
        }
        return io.fabric8.kubernetes.api.model.Quantity.parse(q).getNumericalAmount();
    }

    private static boolean digits(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return to > from;
    }

    /** Extended resources: vendor-prefixed names outside kubernetes.io. */
    static boolean extended(String resource) {
        return resource.contains("/") && !resource.contains("kubernetes.io/");
    }

    static Map<String, Long> kubeRequests(List<ContainerResources> inits, List<ContainerResources> apps) {
        Map<String, Long> sum = new HashMap<>();
        apps.forEach(c -> request(c).forEach((k, v) -> sum.merge(k, v, Long::sum)));
        inits.forEach(c -> request(c).forEach((k, v) -> sum.merge(k, v, Math::max)));
        return sum;
    }

    /** For extended resources kube defaults requests to limits. */
    private static Map<String, Long> request(ContainerResources c) {
        Map<String, Long> out = new HashMap<>();
        Map<String, String> merged = new HashMap<>(c.limits());
        merged.putAll(c.requests());
        merged.forEach((k, v) -> {
            if (extended(k)) {
                OptionalLong n = Quantity.asInt64(v);
                // AsInt64 refuses forms like "16.0Gi" that kube still counts by value
                // quantities() refused amounts past Quantity.MAX_AMOUNT, so this is exact (longValueExact, never wrapped)
                out.put(k, n.isPresent() ? n.getAsLong()
                        : amount(v).setScale(0, RoundingMode.CEILING).longValueExact());
            }
        });
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(@Nullable Object raw, String field) {
        if (raw == null) {
            return Map.of();
        }
        if (!(raw instanceof Map<?, ?>)) {
            throw new IllegalArgumentException(field + ": must be a mapping");
        }
        return (Map<String, Object>) raw;
    }

    private static @Nullable String string(@Nullable Object raw, String field) {
        if (raw == null) {
            return null;
        }
        if (raw instanceof Map<?, ?> || raw instanceof List<?>) {
            throw new IllegalArgumentException(field + ": must be a string");
        }
        return raw.toString();
    }

    private static Map<String, String> strings(@Nullable Object raw, String field) {
        Map<String, String> out = new LinkedHashMap<>();
        map(raw, field).forEach((k, v) -> out.put(k, String.valueOf(v)));
        return out;
    }
}
