package io.gpulab.engine.scenario;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Quantity;

import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The checks the Kubernetes API server makes on a Pod manifest before anything else sees it, so a
 * scenario with a pod kubectl would refuse is rejected at load time with its file, line and field.
 * Any other Pod field is kept as written.
 */
final class PodManifestCheck {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    private PodManifestCheck() {
    }

    /** A checked manifest and its {@code ns/name} key. */
    record Checked(String key, Map<String, Object> manifest) { }

    @SuppressWarnings("unchecked")
    static Checked check(ScenarioNode pod) {
        pod.entries();
        String apiVersion = pod.get("apiVersion").text();
        if (!"v1".equals(apiVersion)) {
            throw pod.get("apiVersion").error("a Pod has apiVersion v1, got '" + apiVersion + "'");
        }
        String kind = pod.get("kind").text();
        if (!"Pod".equals(kind)) {
            throw pod.get("kind").error("expected kind Pod, got '" + kind + "'");
        }
        ScenarioNode meta = pod.get("metadata");
        meta.entries();
        String name = meta.get("name").text();
        if (name.length() > 253 || !DNS_SUBDOMAIN.matcher(name).matches()) {
            throw meta.get("name").error("'" + name
                    + "' is not a valid pod name (lower-case letters, digits, '-', '.')");
        }
        String ns = "default";
        if (meta.has("namespace")) {
            ns = meta.get("namespace").text();
            if (ns.length() > 63 || !DNS_LABEL.matcher(ns).matches()) {
                throw meta.get("namespace").error("'" + ns + "' is not a valid namespace name");
            }
        }
        ScenarioNode spec = pod.get("spec");
        spec.entries();
        ScenarioNode containers = spec.get("containers");
        if (containers.list().isEmpty()) {
            throw containers.error("a pod needs at least one container");
        }
        containers.list().forEach(PodManifestCheck::container);
        if (spec.has("initContainers")) {
            spec.get("initContainers").list().forEach(PodManifestCheck::container);
        }
        return new Checked(ns + "/" + name, MAPPER.convertValue(pod.json(), Map.class));
    }

    private static void container(ScenarioNode c) {
        c.entries();
        String name = c.get("name").text();
        if (name.length() > 63 || !DNS_LABEL.matcher(name).matches()) {
            throw c.get("name").error("'" + name + "' is not a valid container name");
        }
        c.get("image").text();
        if (!c.has("resources")) {
            return;
        }
        ScenarioNode res = c.get("resources");
        res.entries();
        for (String section : new String[] {"limits", "requests"}) {
            if (res.has(section)) {
                res.get(section).entries().forEach(PodManifestCheck::quantity);
            }
        }
    }

    private static void quantity(String resource, ScenarioNode value) {
        if (value.json().isInt() && value.json().intValue() >= 0) {
            return; // a plain non-negative integer is always a valid quantity; skip the BigDecimal parse
        }
        String text = value.scalar();
        BigDecimal amount;
        try {
            amount = Quantity.parse(text).getNumericalAmount();
        } catch (RuntimeException e) {
            throw value.error("\"" + text + "\" is not a Kubernetes quantity");
        }
        if (amount.signum() < 0) {
            throw value.error("must be greater than or equal to 0, got " + text);
        }
        boolean extended = resource.contains("/") && !resource.contains("kubernetes.io/");
        if (extended && amount.stripTrailingZeros().scale() > 0) {
            throw value.error("must be an integer (" + resource + " is an extended resource), got " + text);
        }
    }
}
