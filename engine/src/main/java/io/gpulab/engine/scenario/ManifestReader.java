package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.QuotaSpec;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Kubernetes manifests a lab may state (docs/hami-fidelity.md): a tenant's {@code resourceQuotas} (v1
 * ResourceQuota) and the Pods that already exist (a worker's or a tenant's {@code pods}, v1 Pod with annotations and
 * {@code status}). Each is checked as the API server would and located on error.
 */
final class ManifestReader {

    private ManifestReader() {
    }

    /** {@code resourceQuotas}: a list of ResourceQuota manifests. */
    static List<QuotaSpec> quotas(ScenarioNode list) {
        List<QuotaSpec> out = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (ScenarioNode q : list.list()) {
            q.mapping();
            String apiVersion = q.get("apiVersion").text();
            if (!"v1".equals(apiVersion)) {
                throw q.get("apiVersion").error("a ResourceQuota has apiVersion v1, got '" + apiVersion + "'");
            }
            String kind = q.get("kind").text();
            if (!"ResourceQuota".equals(kind)) {
                throw q.get("kind").error("expected kind ResourceQuota, got '" + kind + "'");
            }
            ScenarioNode meta = q.get("metadata").mapping();
            String name = meta.get("name").text();
            String ns = meta.has("namespace") ? meta.get("namespace").text() : "default";
            if (!keys.add(ns + "/" + name)) {
                throw meta.get("name").error("ResourceQuota " + ns + "/" + name + " is listed twice");
            }
            Map<String, String> hard = new LinkedHashMap<>();
            ScenarioNode spec = q.get("spec").mapping();
            spec.get("hard").entries().forEach((k, v) -> {
                String text = v.scalar();
                BigDecimal amount;
                try {
                    amount = io.fabric8.kubernetes.api.model.Quantity.parse(text).getNumericalAmount();
                } catch (RuntimeException e) {
                    throw v.error("\"" + text + "\" is not a Kubernetes quantity");
                }
                if (amount.signum() < 0) {
                    throw v.error("must be greater than or equal to 0, got " + text);
                }
                if (amount.compareTo(io.gpulab.scheduler.request.Quantity.MAX_AMOUNT) > 0) {
                    throw v.error("\"" + text + "\" " + io.gpulab.scheduler.request.Quantity.TOO_LARGE);
                }
                hard.put(k, text);
            });
            try {
                out.add(new QuotaSpec(name, ns, hard));
            } catch (IllegalArgumentException e) {
                throw meta.error(String.valueOf(e.getMessage()));
            }
        }
        return out;
    }

    /** {@code pods}: Pod manifests that already exist, kept as written (annotations, status) once checked. */
    static List<Map<String, Object>> pods(ScenarioNode list) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ScenarioNode p : list.list()) {
            out.add(PodManifestCheck.check(p).manifest());
        }
        return out;
    }
}
