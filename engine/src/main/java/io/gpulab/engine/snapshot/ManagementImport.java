package io.gpulab.engine.snapshot;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The management cluster's dump ({@code kubectl get tcp,datastores,nodes -A -o yaml}) as the lab's Kamaji half
 * (docs/snapshots.md): its Nodes become {@code lab.management.nodes}, its DataStores {@code lab.management.dataStores}
 * (their manifests, credentials left out), and each imported tenant's TenantControlPlane that tenant's
 * {@code controlPlane}, the manifest as Kamaji holds it ({@code metadata.uid} kept: it is the default key prefix).
 * The status is left for the lab to compute, and listed where the lab's first status differs (see
 * {@link #statusLines}).
 */
final class ManagementImport {

    static final String ZONE_LABEL = "topology.kubernetes.io/zone";
    private static final long MIB = 1024L * 1024L;
    private static final String WHERE = "management: ";

    /**
     * @param management    {@code lab.management}, or null when the dump has neither a node nor a DataStore
     * @param controlPlanes per tenant, its {@code controlPlane} (only tenants whose TCP the dump holds)
     * @param observed      per tenant, the TCP's {@code status.kubernetesResources.version.status} in the dump
     */
    record Result(@Nullable Map<String, Object> management, Map<String, Map<String, Object>> controlPlanes,
                  Map<String, String> observed) {
    }

    private ManagementImport() {
    }

    /** Reads {@code dump} for the tenants {@code tenants}; everything not imported is added to {@code skipped}. */
    static Result of(Dump dump, Set<String> tenants, List<String> skipped) {
        dump.skipped().forEach(s -> skipped.add(WHERE + s));
        List<Object> nodes = new ArrayList<>();
        for (Node n : dump.nodes()) {
            if (n.getMetadata() == null || n.getMetadata().getName() == null) {
                skipped.add(WHERE + dump.at(n) + ": Node without metadata.name (left out)");
                continue;
            }
            Map<String, Object> node = node(n, WHERE + dump.at(n) + ": ", skipped);
            if (node != null) {
                nodes.add(node);
            }
        }
        if (!dump.pods().isEmpty()) {
            skipped.add(WHERE + dump.pods().size() + " Pods: the lab places the control planes' pods itself");
        }
        if (!dump.events().isEmpty()) {
            skipped.add(WHERE + dump.events().size() + " Events: read for the report, not lab state");
        }
        List<Map<String, Object>> stores = new ArrayList<>();
        Map<String, Map<String, Object>> planes = new LinkedHashMap<>();
        Map<String, String> observed = new LinkedHashMap<>();
        Map<String, String> seenIn = new LinkedHashMap<>();
        for (GenericKubernetesResource o : dump.others()) {
            if (o.getMetadata() == null || o.getMetadata().getName() == null) {
                skipped.add(WHERE + dump.at(o) + ": " + o.getKind() + " without metadata.name (left out)");
                continue;
            }
            if ("DataStore".equals(o.getKind())) {
                Map<String, Object> ds = dataStore(o, WHERE + dump.at(o) + ": ", skipped);
                if (ds != null) {
                    stores.add(ds);
                }
            } else if ("TenantControlPlane".equals(o.getKind())) {
                String name = o.getMetadata().getName();
                String where = dump.at(o) + ": " + label(o);
                if (!tenants.contains(name)) {
                    skipped.add(WHERE + where + ": no --tenant " + name + " is imported");
                } else if (seenIn.containsKey(name)) {
                    skipped.add(WHERE + where + ": a TenantControlPlane named " + name + " was already read ("
                            + seenIn.get(name) + "); a tenant is one TCP, the first is imported");
                } else {
                    seenIn.put(name, where);
                    planes.put(name, controlPlane(o, skipped));
                    String status = status(o);
                    if (!status.isEmpty()) {
                        observed.put(name, status);
                    }
                }
            } else {
                skipped.add(WHERE + dump.at(o) + ": " + label(o) + ": kind not part of a lab");
            }
        }
        for (String t : tenants) {
            if (!planes.containsKey(t)) {
                skipped.add(WHERE + "no TenantControlPlane named " + t + " in " + dump.file()
                        + " (the tenant keeps the lab's default control plane)");
            }
        }
        // Kamaji's default DataStore (the chart's defaultDatastoreName) comes first: the lab's default for a TCP
        // that names none
        stores.sort(Comparator.comparing(s -> "default".equals(nameOf(s)) ? 0 : 1));
        if (nodes.isEmpty() && stores.isEmpty()) {
            if (!planes.isEmpty()) {
                skipped.add(WHERE + "no Node and no DataStore in " + dump.file() + ": the lab keeps its default "
                        + "management cluster (one node kamaji-control-plane, DataStore default)");
            }
            return new Result(null, planes, observed);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        if (!nodes.isEmpty()) {
            m.put("nodes", nodes);
        } else {
            skipped.add(WHERE + "no Node in " + dump.file() + ": the lab's default management node is used");
        }
        if (!stores.isEmpty()) {
            m.put("dataStores", stores);
        } else {
            skipped.add(WHERE + "no DataStore in " + dump.file() + ": the lab's default DataStore is used");
        }
        return new Result(m, planes, observed);
    }

    @SuppressWarnings("unchecked")
    private static String nameOf(Map<String, Object> manifest) {
        return String.valueOf(((Map<String, Object>) manifest.get("metadata")).get("name"));
    }

    /** Its name, allocatable CPU (whole cores) and memory, zone, labels and maxPods; null when it cannot be one. */
    private static @Nullable Map<String, Object> node(Node n, String at, List<String> skipped) {
        String name = n.getMetadata().getName();
        Map<String, Quantity> alloc = n.getStatus() == null ? null : n.getStatus().getAllocatable();
        String from = "status.allocatable";
        if (alloc == null || alloc.isEmpty()) {
            alloc = n.getStatus() == null ? null : n.getStatus().getCapacity();
            from = "status.capacity";
        }
        BigDecimal cpu = amount(alloc, "cpu");
        BigDecimal mem = amount(alloc, "memory");
        if (cpu == null || cpu.compareTo(BigDecimal.ONE) < 0 || mem == null || mem.longValue() < MIB) {
            skipped.add(at + "Node " + name + " " + from + ": cpu and memory missing or not quantities (the node "
                    + "is left out)");
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name);
        out.put("cpu", cpu.intValue());
        if (cpu.stripTrailingZeros().scale() > 0) {
            skipped.add(at + "Node " + name + " " + from + ".cpu: " + alloc.get("cpu") + " imported as "
                    + cpu.intValue() + " (lab.management.nodes count whole cores)");
        }
        out.put("memoryMiB", mem.longValue() / MIB);
        Map<String, String> labels = n.getMetadata().getLabels() == null ? Map.of() : n.getMetadata().getLabels();
        if (labels.containsKey(ZONE_LABEL)) {
            out.put("zone", labels.get(ZONE_LABEL));
        }
        Map<String, String> kept = new LinkedHashMap<>(labels);
        kept.remove(ZONE_LABEL);
        kept.remove("kubernetes.io/hostname");   // the lab sets it to the node's name, as the kubelet does
        if (!kept.isEmpty()) {
            out.put("labels", kept);
        }
        BigDecimal pods = amount(alloc, "pods");
        if (pods != null && pods.intValue() > 0) {
            out.put("maxPods", pods.intValue());
        }
        if (n.getSpec() != null && Boolean.TRUE.equals(n.getSpec().getUnschedulable())) {
            skipped.add(at + "Node " + name + " spec.unschedulable: the lab's node starts schedulable (a "
                    + "`fault: {managementNode: " + name + ", state: drained}` step cordons it)");
        }
        if (n.getSpec() != null && n.getSpec().getTaints() != null && !n.getSpec().getTaints().isEmpty()) {
            skipped.add(at + "Node " + name + " spec.taints: not modelled on management nodes");
        }
        return out;
    }

    private static @Nullable BigDecimal amount(@Nullable Map<String, Quantity> m, String key) {
        if (m == null || m.get(key) == null || KubeQuantity.problem(key, m.get(key)) != null) {
            return null;
        }
        return Quantity.getAmountInBytes(m.get(key));
    }

    /**
     * The DataStore's manifest: name, labels, {@code spec.driver} and {@code spec.endpoints}. Its credentials
     * ({@code spec.tlsConfig}, {@code spec.basicAuth}: inline keys and passwords, or references to Secrets) are never
     * copied into a scenario.
     */
    @SuppressWarnings("unchecked")
    private static @Nullable Map<String, Object> dataStore(GenericKubernetesResource o, String at,
                                                           List<String> skipped) {
        String where = at + label(o);
        Object spec = o.getAdditionalProperties().get("spec");
        if (!(spec instanceof Map<?, ?> s)) {
            skipped.add(where + " spec: missing or not an object (the DataStore is left out)");
            return null;
        }
        Object driver = s.get("driver");
        Object endpoints = s.get("endpoints");
        if (!(driver instanceof String) || !(endpoints instanceof List<?> eps) || eps.isEmpty()
                || !eps.stream().allMatch(e -> e instanceof String)) {
            skipped.add(where + " spec.driver, spec.endpoints: a driver and at least one host:port are needed (the "
                    + "DataStore is left out)");
            return null;
        }
        for (String key : ((Map<String, Object>) s).keySet()) {
            if (key.equals("tlsConfig") || key.equals("basicAuth")) {
                skipped.add(where + " spec." + key + ": credentials are never imported");
            } else if (!key.equals("driver") && !key.equals("endpoints")) {
                skipped.add(where + " spec." + key + ": not part of a lab");
            }
        }
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("name", o.getMetadata().getName());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("apiVersion", o.getApiVersion());
        out.put("kind", "DataStore");
        out.put("metadata", meta);
        Map<String, Object> storeSpec = new java.util.LinkedHashMap<>();   // ordered: the same dump, the same file
        storeSpec.put("driver", driver);
        storeSpec.put("endpoints", List.copyOf(eps));
        out.put("spec", storeSpec);
        return out;
    }

    /** The TCP manifest: metadata name, namespace, uid and labels, and its {@code spec} verbatim (no status). */
    private static Map<String, Object> controlPlane(GenericKubernetesResource o, List<String> skipped) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("name", o.getMetadata().getName());
        if (o.getMetadata().getNamespace() != null) {
            meta.put("namespace", o.getMetadata().getNamespace());
        }
        if (o.getMetadata().getUid() != null) {
            meta.put("uid", o.getMetadata().getUid());
        }
        if (o.getMetadata().getLabels() != null && !o.getMetadata().getLabels().isEmpty()) {
            meta.put("labels", new LinkedHashMap<>(o.getMetadata().getLabels()));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("apiVersion", o.getApiVersion());
        out.put("kind", "TenantControlPlane");
        out.put("metadata", meta);
        Object spec = o.getAdditionalProperties().get("spec");
        out.put("spec", spec == null ? Map.of() : spec);
        return out;
    }

    /**
     * Each worker's {@code kubeletVersion} from its Node's {@code status.nodeInfo.kubeletVersion}, once the tenant's
     * control plane is the imported one (against the lab's default control plane the version-skew check would compare
     * with a version nobody observed).
     */
    @SuppressWarnings("unchecked")
    static void kubelets(Map<String, Object> tenantDoc, Dump dump, List<String> skipped) {
        Object workers = tenantDoc.get("workers");
        if (!(workers instanceof List<?> ws)) {
            return;
        }
        for (Object w : ws) {
            Map<String, Object> worker = (Map<String, Object>) w;
            dump.nodes().stream().filter(n -> n.getMetadata().getName().equals(worker.get("name"))).findFirst()
                    .ifPresent(n -> {
                        String v = n.getStatus() == null || n.getStatus().getNodeInfo() == null ? null
                                : n.getStatus().getNodeInfo().getKubeletVersion();
                        if (v == null) {
                            return;
                        }
                        try {
                            io.gpulab.engine.lab.KubeVersion.parse(v, "kubeletVersion");
                            worker.put("kubeletVersion", v);
                        } catch (IllegalArgumentException e) {
                            skipped.add(tenantDoc.get("name") + ": Node " + worker.get("name")
                                    + " status.nodeInfo.kubeletVersion: \"" + io.gpulab.engine.scenario.Quote.visible(v)
                                    + "\" is not a Kubernetes version (the worker runs its control plane's)");
                        }
                    });
        }
    }

    /** {@code status.kubernetesResources.version.status}, empty when the dump has none. */
    private static String status(GenericKubernetesResource o) {
        Object at = o.getAdditionalProperties().get("status");
        for (String k : List.of("kubernetesResources", "version", "status")) {
            if (!(at instanceof Map<?, ?> m)) {
                return "";
            }
            at = m.get(k);
        }
        return at instanceof String s ? s : "";
    }

    /**
     * One line per tenant whose TCP status in the dump differs from the lab's first one: what the dump cannot say
     * (a rollout under way, pods that failed for reasons outside the lab) is named, not reproduced.
     */
    static List<String> statusLines(Map<String, String> observed, Map<String, String> computed) {
        List<String> out = new ArrayList<>();
        observed.forEach((t, seen) -> {
            String lab = computed.get(t);
            if (lab != null && !lab.equals(seen)) {
                out.add(WHERE + "TenantControlPlane " + t + " status.kubernetesResources.version.status: " + seen
                        + " in the dump, " + lab + " in the lab (the lab computes it from the spec and the management "
                        + "nodes; the cause of " + seen + " is not in the dump)");
            }
        });
        return out;
    }

    private static String label(GenericKubernetesResource o) {
        String ns = o.getMetadata() == null ? null : o.getMetadata().getNamespace();
        String n = o.getMetadata() == null ? "?" : o.getMetadata().getName();
        return o.getKind() + " " + (ns == null ? "" : ns + "/") + n;
    }
}
