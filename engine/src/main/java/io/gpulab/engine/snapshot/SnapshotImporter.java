package io.gpulab.engine.snapshot;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.gpulab.engine.scenario.HamiWarnings;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;

import io.gpulab.engine.scenario.Quote;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Turns tenant dumps into a scenario (a tree ready to write as YAML) whose lab reproduces the observed state: every
 * Node becomes a worker with its HAMi annotations verbatim (so its cards are what HAMi decodes from
 * {@code hami.io/node-nvidia-register}, its node lock and cordon as observed), every Pod an existing pod on its node
 * (or, without a node, in the tenant's queue) with its annotations and phase, every ResourceQuota a tenant quota.
 * Whatever cannot be reproduced is listed by object and field in {@link Result#skipped()}.
 */
public final class SnapshotImporter {

    /** The node annotations HAMi reads and the lab honours verbatim. */
    static final List<String> NODE_ANNOTATIONS = List.of(HamiAnnotations.NODE_NVIDIA_REGISTER,
            HamiAnnotations.NODE_HANDSHAKE, HamiAnnotations.NODE_NVIDIA_SCORE, HamiAnnotations.DEVICE_CORDON,
            HamiAnnotations.MUTEX_LOCK);
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    /**
     * The scenario and the import report.
     *
     * @param scenario the scenario document (apiVersion, kind, metadata, lab, steps)
     * @param skipped  what was not imported, one line per object or field
     * @param counts   per tenant: nodes, pods, quotas, events read
     * @param warnings imported values a real HAMi v2.10 deployment does not act on (kept in the scenario, as the
     *                 platform has them), one sentence each
     */
    public record Result(Map<String, Object> scenario, List<String> skipped, Map<String, int[]> counts,
                         List<String> warnings) {

        public Result {
            skipped = List.copyOf(skipped);
            warnings = List.copyOf(warnings);
        }

        public Result(Map<String, Object> scenario, List<String> skipped, Map<String, int[]> counts) {
            this(scenario, skipped, counts, List.of());
        }
    }

    private SnapshotImporter() {
    }

    /**
     * @param tenants    tenant name to its dump, in order
     * @param management the management cluster's dump, or null
     * @throws IllegalArgumentException for a tenant name that is not a DNS label
     */
    public static Result toScenario(String name, Map<String, Dump> tenants, @Nullable Dump management) {
        return toScenario(name, tenants, management, null);
    }

    /** As above, with the platform's HAMi Helm values as the lab's HAMi settings (keys not read are listed). */
    public static Result toScenario(String name, Map<String, Dump> tenants, @Nullable Dump management,
                                    HamiValues.@Nullable Result values) {
        return toScenario(name, tenants, management, values, Map.of());
    }

    /**
     * As above, and per tenant the Helm values its own HAMi was deployed with (each tenant runs its own HAMi):
     * they become that tenant's {@code hami}, which overrides the lab's for the keys it states.
     *
     * @throws IllegalArgumentException for values given for a tenant that has no dump
     */
    public static Result toScenario(String name, Map<String, Dump> tenants, @Nullable Dump management,
                                    HamiValues.@Nullable Result values, Map<String, HamiValues.Result> perTenant) {
        for (String t : perTenant.keySet()) {
            if (!tenants.containsKey(t)) {
                throw new IllegalArgumentException("--hami-values " + t + "=...: no --tenant " + t + " is imported");
            }
        }
        // every value written is one the scenario reader accepts (a bad value fails the import, naming it, instead
        // of writing a scenario that `run` then refuses)
        List<String> warnings = new ArrayList<>(HamiWarnings.of(HamiValuesSettings.of(values, null), "lab.hami"));
        perTenant.forEach((t, v) -> HamiWarnings.of(HamiValuesSettings.of(values, v), "tenant " + t + " hami")
                .stream().filter(w -> !warnings.contains(w)).forEach(warnings::add));
        List<String> skipped = new ArrayList<>();
        Map<String, int[]> counts = new LinkedHashMap<>();
        List<Object> tenantDocs = new ArrayList<>();
        for (var e : tenants.entrySet()) {
            String tenant = e.getKey();
            if (!DNS_LABEL.matcher(tenant).matches()) {
                throw new IllegalArgumentException("--tenant " + tenant + ": not a valid tenant name (a DNS label)");
            }
            Dump d = e.getValue();
            d.skipped().forEach(s -> skipped.add(tenant + ": " + s));
            d.others().forEach(o -> skipped.add(tenant + ": " + d.at(o) + ": " + kindName(o)
                    + ": kind not part of a lab"));
            if (!d.events().isEmpty()) {
                skipped.add(tenant + ": " + d.events().size() + " Events: read for the report, not lab state");
            }
            Map<String, Object> doc = tenant(tenant, d, skipped);
            HamiValues.Result own = perTenant.get(tenant);
            if (own != null) {
                doc.put("hami", own.hami());
                own.notRead().forEach(k -> skipped.add(tenant + ": HAMi values: " + k));
            }
            tenantDocs.add(doc);
            counts.put(tenant, new int[] {d.nodes().size(), d.pods().size(), d.quotas().size(), d.events().size()});
        }
        String description = "imported from cluster snapshots: " + String.join(", ", tenants.keySet());
        ManagementImport.Result mi = null;
        if (management != null) {
            mi = ManagementImport.of(management, tenants.keySet(), skipped);
            for (Object t : tenantDocs) {
                @SuppressWarnings("unchecked")
                Map<String, Object> td = (Map<String, Object>) t;
                Map<String, Object> cp = mi.controlPlanes().get((String) td.get("name"));
                if (cp != null) {
                    withControlPlane(td, cp);
                    ManagementImport.kubelets(td, tenants.get((String) td.get("name")), skipped);
                }
            }
            description += "; management: " + mi.controlPlanes().size() + " TenantControlPlane(s)";
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("apiVersion", "gpulab.io/v1");
        doc.put("kind", "Scenario");
        // ordered maps only: Map.of's order changes from one JVM to the next, and the same dumps must give the same file
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", name);
        metadata.put("description", description);
        doc.put("metadata", metadata);
        Map<String, Object> lab = new LinkedHashMap<>();
        if (values != null) {
            lab.put("hami", values.hami());
            values.notRead().forEach(k -> skipped.add("HAMi values: " + k));
        }
        if (mi != null && mi.management() != null) {
            lab.put("management", mi.management());
        }
        lab.put("tenants", tenantDocs);
        doc.put("lab", lab);
        doc.put("steps", List.of());
        if (mi != null) {
            ManagementCheck.check(name, doc, management.file(), new LinkedHashMap<>(mi.observed()), skipped);
        }
        return new Result(doc, skipped, counts, warnings);
    }

    /** Puts {@code controlPlane} right after the tenant's name, where a reader of the scenario looks for it. */
    private static void withControlPlane(Map<String, Object> tenantDoc, Map<String, Object> cp) {
        Map<String, Object> rest = new LinkedHashMap<>(tenantDoc);
        tenantDoc.clear();
        tenantDoc.put("name", rest.remove("name"));
        tenantDoc.put("controlPlane", cp);
        tenantDoc.putAll(rest);
    }

    private static Map<String, Object> tenant(String tenant, Dump d, List<String> skipped) {
        // what run would refuse is left out here, each listed: names the API server refuses, a second object of a
        // name, a card id on two nodes
        List<Node> nodes = new ArrayList<>();
        Set<String> nodeNames = new LinkedHashSet<>();
        Map<String, String> cardIds = new HashMap<>();
        for (Node n : d.nodes()) {
            String name = n.getMetadata().getName();
            String where = tenant + ": " + d.at(n) + ": Node " + Quote.clip(name);
            if (name.length() > 253 || !DNS_SUBDOMAIN.matcher(name).matches()) {
                skipped.add(where + " metadata.name: not a valid node name (lower-case letters, digits, '-' and "
                        + "'.'; at most 253) (not imported)");
            } else if (!nodeNames.add(name)) {
                skipped.add(where + ": a second Node of this name (node names are unique in a cluster; the first "
                        + "is imported)");
            } else {
                nodes.add(n);
            }
        }
        Map<String, List<Object>> podsByNode = new LinkedHashMap<>();
        List<Object> unbound = new ArrayList<>();
        Set<String> podKeys = new HashSet<>();
        for (Pod p : d.pods()) {
            String where = tenant + ": " + d.at(p) + ": Pod " + Quote.clip(PodManifest.key(p));
            String nameProblem = PodManifest.nameProblem(p);
            if (nameProblem != null) {
                skipped.add(where + " " + nameProblem + " (not imported)");
                continue;
            }
            if (!podKeys.add(PodManifest.key(p))) {
                skipped.add(where + ": a second Pod of this namespace and name (the first is imported)");
                continue;
            }
            Map<String, Object> m = PodManifest.of(p, where, skipped);
            if (m == null) {
                continue;
            }
            String node = p.getSpec() == null ? null : p.getSpec().getNodeName();
            if (node != null && nodeNames.contains(node)) {
                podsByNode.computeIfAbsent(node, k -> new ArrayList<>()).add(m);
            } else {
                if (node != null) {
                    skipped.add(where + " spec.nodeName: node " + Quote.clip(node)
                            + " is not in the dump (the pod is imported without a node)");
                    @SuppressWarnings("unchecked")
                    Map<String, Object> spec = (Map<String, Object>) m.get("spec");
                    spec.remove("nodeName");
                }
                unbound.add(m);
            }
        }
        List<Object> workers = new ArrayList<>();
        for (Node n : nodes) {
            String where = tenant + ": " + d.at(n) + ": Node " + n.getMetadata().getName();
            workers.add(worker(where, n, podsByNode.getOrDefault(n.getMetadata().getName(), List.of()), cardIds,
                    skipped));
        }
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("name", tenant);
        t.put("workers", workers);
        List<Object> quotas = new ArrayList<>();
        Set<String> quotaKeys = new HashSet<>();
        for (ResourceQuota q : d.quotas()) {
            String ns = q.getMetadata().getNamespace() == null ? "default" : q.getMetadata().getNamespace();
            String qn = q.getMetadata().getName();
            String where = tenant + ": " + d.at(q) + ": ResourceQuota " + Quote.clip(ns) + "/" + Quote.clip(qn);
            if (!validName(qn, 253)) {
                skipped.add(where + " metadata.name: not a valid name (not imported)");
                continue;
            }
            if (!validName(ns, 63) || ns.contains(".")) {
                skipped.add(where + " metadata.namespace: not a valid namespace (not imported)");
                continue;
            }
            if (!quotaKeys.add(ns + "/" + qn)) {
                skipped.add(where + ": a second ResourceQuota of this namespace and name (the first is imported)");
                continue;
            }
            Map<String, Object> hard = new LinkedHashMap<>();
            if (q.getSpec() != null && q.getSpec().getHard() != null) {
                q.getSpec().getHard().forEach((k, v) -> {
                    String problem = KubeQuantity.problem(k, v);
                    if (problem == null) {
                        hard.put(k, v.toString());
                    } else {
                        skipped.add(where + " spec.hard[" + Quote.clip(k) + "]: " + problem + " (left out)");
                    }
                });
            }
            Map<String, Object> meta = new LinkedHashMap<>();
            meta.put("name", qn);
            meta.put("namespace", ns);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("apiVersion", "v1");
            m.put("kind", "ResourceQuota");
            m.put("metadata", meta);
            m.put("spec", Map.of("hard", hard));
            quotas.add(m);
        }
        if (!quotas.isEmpty()) {
            t.put("resourceQuotas", quotas);
        }
        if (!unbound.isEmpty()) {
            t.put("pods", unbound);
        }
        return t;
    }

    static boolean validName(String name, int max) {
        return name.length() <= max && DNS_SUBDOMAIN.matcher(name).matches();
    }

    private static Map<String, Object> worker(String where, Node n, List<Object> pods, Map<String, String> cardIds,
                                              List<String> skipped) {
        String name = n.getMetadata().getName();
        Map<String, String> ann = n.getMetadata().getAnnotations() == null ? Map.of()
                : n.getMetadata().getAnnotations();
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("name", name);
        Map<String, Quantity> cap = n.getStatus() == null ? null : n.getStatus().getCapacity();
        Long cpu = KubeQuantity.whole(cap, "cpu", BigDecimal.ONE, where + " status.capacity.cpu", "cores",
                "lab default 4", skipped);
        Long mem = KubeQuantity.whole(cap, "memory", BigDecimal.valueOf(1024L * 1024), where
                + " status.capacity.memory", "MiB", "lab default 8192 MiB", skipped);
        if (cpu != null) {
            w.put("cpu", cpu);
        }
        if (mem != null) {
            w.put("memoryMiB", mem);
        }
        Map<String, String> kept = new LinkedHashMap<>();
        for (String key : NODE_ANNOTATIONS) {
            if (ann.containsKey(key)) {
                String v = ann.get(key);
                if (v != null && v.length() > DumpLimits.MAX_VALUE_CHARS) {
                    skipped.add(where + " metadata.annotations[" + key + "]: " + v.length() + " characters; "
                            + "values are limited to " + DumpLimits.MAX_VALUE_CHARS + " (left out)");
                } else {
                    kept.put(key, v);
                }
            }
        }
        String reg = kept.get(HamiAnnotations.NODE_NVIDIA_REGISTER);
        if (reg == null) {
            skipped.add(where + " metadata.annotations[" + HamiAnnotations.NODE_NVIDIA_REGISTER
                    + "]: missing (HAMi: annos not found " + HamiAnnotations.NODE_NVIDIA_REGISTER
                    + ", node unregistered; imported without cards)");
        } else {
            var decoded = NodeRegistrationCodec.decodeJson(reg);
            if (!decoded.isOk()) {
                skipped.add(where + " metadata.annotations[" + HamiAnnotations.NODE_NVIDIA_REGISTER
                        + "]: " + decoded.error().message() + " (kept verbatim; HAMi ignores the node's cards)");
            } else {
                String twice = decoded.value().stream().map(dev -> dev.id())
                        .filter(id -> cardIds.containsKey(id)).findFirst().orElse(null);
                if (twice != null) {
                    kept.remove(HamiAnnotations.NODE_NVIDIA_REGISTER);
                    skipped.add(where + " metadata.annotations[" + HamiAnnotations.NODE_NVIDIA_REGISTER + "]: card id "
                            + Quote.clip(twice) + " is also on node " + cardIds.get(twice) + " (card ids are unique "
                            + "in a cluster; left out, the node is imported without cards)");
                } else {
                    decoded.value().forEach(dev -> cardIds.putIfAbsent(dev.id(), name));
                }
            }
        }
        String score = ann.get(HamiAnnotations.NODE_NVIDIA_SCORE);
        if (score != null && kept.containsKey(HamiAnnotations.NODE_NVIDIA_SCORE)
                && !io.gpulab.scheduler.codec.NodeScoreCodec.decode(score).isOk()) {
            skipped.add(where + " metadata.annotations[" + HamiAnnotations.NODE_NVIDIA_SCORE
                    + "]: " + io.gpulab.scheduler.codec.NodeScoreCodec.decode(score).error().message()
                    + " (kept verbatim; HAMi's GetNodeDevices fails, so HAMi skips the node)");
        }
        ann.keySet().stream().filter(k -> k.startsWith("hami.io/") && !NODE_ANNOTATIONS.contains(k)).sorted()
                .forEach(k -> skipped.add(where + " metadata.annotations[" + Quote.clip(k)
                        + "]: not a HAMi node annotation, ignored"));
        w.put("annotations", kept);
        if (!pods.isEmpty()) {
            w.put("pods", pods);
        }
        return w;
    }

    private static String kindName(GenericKubernetesResource o) {
        String ns = o.getMetadata() == null ? null : o.getMetadata().getNamespace();
        String n = o.getMetadata() == null ? "?" : o.getMetadata().getName();
        return o.getKind() + " " + (ns == null ? "" : ns + "/") + n;
    }
}
