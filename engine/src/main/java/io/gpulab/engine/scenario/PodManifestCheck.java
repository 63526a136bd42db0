package io.gpulab.engine.scenario;

import io.fabric8.kubernetes.api.model.Quantity;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The checks the Kubernetes API server makes on a Pod manifest before anything else sees it, so a
 * scenario with a pod kubectl would refuse is rejected at load time with its file, line and field.
 * Any other Pod field is kept as written.
 */
final class PodManifestCheck {

    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    private PodManifestCheck() {
    }

    /** A checked manifest and its {@code ns/name} key. */
    record Checked(String key, Map<String, Object> manifest) { }

    /** A pod that already exists: it passed the API server's validation, so it has a container. */
    static Checked check(ScenarioNode pod) {
        return check(pod, false);
    }

    /**
     * A pod to create. An explicitly empty {@code containers: []} is let through: the API server decodes it,
     * and mutating admission (HAMi's webhook, "pod has no containers") runs before the validation that would
     * refuse it ("spec.containers: Required value"), so the sim, not the loader, must answer it.
     */
    static Checked checkSubmitted(ScenarioNode pod) {
        return check(pod, true);
    }

    @SuppressWarnings("unchecked")
    private static Checked check(ScenarioNode pod, boolean submitted) {
        pod.mapping();
        String apiVersion = pod.get("apiVersion").text();
        if (!"v1".equals(apiVersion)) {
            throw pod.get("apiVersion").error("a Pod has apiVersion v1, got '" + apiVersion + "'");
        }
        String kind = pod.get("kind").text();
        if (!"Pod".equals(kind)) {
            throw pod.get("kind").error("expected kind Pod, got '" + kind + "'");
        }
        ScenarioNode meta = pod.get("metadata");
        meta.mapping();
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
        spec.mapping();
        ScenarioNode containers = spec.get("containers");
        List<ScenarioNode> list = containers.list();
        if (list.isEmpty() && !submitted) {
            throw containers.error("a pod needs at least one container");
        }
        list.forEach(PodManifestCheck::container);
        if (spec.has("initContainers")) {
            spec.get("initContainers").list().forEach(PodManifestCheck::container);
        }
        // the parsed map itself: LocatedTree builds the same types Jackson's Map binding would, and nothing else
        // keeps a reference to the document once it is loaded
        return new Checked(ns + "/" + name, (Map<String, Object>) pod.value());
    }

    private static void container(ScenarioNode c) {
        c.mapping();
        String name = c.get("name").text();
        if (name.length() > 63 || !DNS_LABEL.matcher(name).matches()) {
            throw c.get("name").error("'" + name + "' is not a valid container name");
        }
        c.get("image").text();
        if (!c.has("resources")) {
            return;
        }
        ScenarioNode res = c.get("resources");
        res.mapping();
        for (String section : new String[] {"limits", "requests"}) {
            if (res.has(section)) {
                res.get(section).entries().forEach(PodManifestCheck::quantity);
            }
        }
    }

    private static void quantity(String resource, ScenarioNode value) {
        if (value.value() instanceof Integer i && i >= 0) {
            return; // a plain non-negative integer is always a valid quantity; skip the BigDecimal parse
        }
        String text = value.scalar();
        boolean extended = resource.contains("/") && !resource.contains("kubernetes.io/");
        if (!extended && io.gpulab.scheduler.request.Quantity.smallPlain(text, false)) {
            return; // e.g. 4000m or 16384Mi, as every imported pod has: valid, small, not negative, without BigDecimal
        }
        BigDecimal amount;
        try {
            amount = Quantity.parse(text).getNumericalAmount();
        } catch (RuntimeException e) {
            throw value.error("\"" + text + "\" is not a Kubernetes quantity");
        }
        if (amount.signum() < 0) {
            throw value.error("must be greater than or equal to 0, got " + text);
        }
        if (amount.compareTo(io.gpulab.scheduler.request.Quantity.MAX_AMOUNT) > 0) {
            throw value.error("\"" + text + "\" " + io.gpulab.scheduler.request.Quantity.TOO_LARGE);
        }
        if (extended && amount.stripTrailingZeros().scale() > 0) {
            throw value.error("must be an integer (" + resource + " is an extended resource), got " + text);
        }
    }
}
