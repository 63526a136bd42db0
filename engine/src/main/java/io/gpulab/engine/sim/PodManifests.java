package io.gpulab.engine.sim;

import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.request.Quantity;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
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
        List<ContainerResources> apps = containers(spec.get("containers"), "spec.containers", where);
        if (apps.isEmpty()) {
            throw new IllegalArgumentException(where + "spec.containers: Required value");
        }
        PodInfo info = new PodInfo(namespace, name, strings(meta.get("annotations"), "metadata.annotations"),
                strings(meta.get("labels"), "metadata.labels"), inits, apps);
        return new ParsedPod(info, string(spec.get("schedulerName"), "spec.schedulerName"), kubeRequests(inits, apps));
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
            if (extended(k) && Quantity.asInt64(q).isEmpty()) {
                throw new IllegalArgumentException(where + f + ": Invalid value: \"" + q + "\": must be an integer");
            }
            if (extended(k) && q.contains(".")) {
                throw new IllegalArgumentException(where + f + ": Invalid value: \"" + q + "\": must be an integer");
            }
            out.put(k, q);
        });
        return out;
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
            OptionalLong n = Quantity.asInt64(v);
            if (extended(k) && n.isPresent()) {
                out.put(k, n.getAsLong());
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
