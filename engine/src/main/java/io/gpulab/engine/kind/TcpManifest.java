package io.gpulab.engine.kind;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.gpulab.engine.kamaji.TcpStatus;
import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.PodResources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The TenantControlPlane the kind lab applies for a tenant, generated from the scenario's {@code controlPlane}
 * (docs/kamaji-model.md): version, replicas, per-component resources, strategy, nodeSelector, DataStore and schema,
 * service type, Konnectivity server and agent, write permissions, in Kamaji's {@code kamaji.clastix.io/v1alpha1} shape.
 * What the kind lab itself needs is added: the kubelet configuration patches matching kind's nodes (systemd cgroups,
 * swap allowed), the CoreDNS and kube-proxy addons, port 6443.
 */
public final class TcpManifest {

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build());
    private static final Map<String, String> RESOURCE_KEY = Map.of(ControlPlaneSpec.KUBE_APISERVER, "apiServer",
            ControlPlaneSpec.KUBE_CONTROLLER_MANAGER, "controllerManager", ControlPlaneSpec.KUBE_SCHEDULER, "scheduler",
            ControlPlaneSpec.KINE, "kine");
    private static final long MIB = 1024L * 1024L;

    private TcpManifest() {
    }

    /** The manifest as a tree, in the order {@code kubectl get -o yaml} prints it. */
    public static Map<String, Object> tree(String tenant, String lab, ControlPlaneSpec cp) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("name", tenant);
        meta.put("namespace", cp.namespace());
        meta.put("labels", ordered("tenant.clastix.io", tenant, KindLabels.LAB, lab));
        Map<String, Object> deployment = new LinkedHashMap<>();
        deployment.put("replicas", cp.replicas());
        deployment.put("strategy", strategy(cp.strategy()));
        Map<String, Object> resources = new LinkedHashMap<>();
        for (String c : List.of(ControlPlaneSpec.KUBE_APISERVER, ControlPlaneSpec.KUBE_CONTROLLER_MANAGER,
                ControlPlaneSpec.KUBE_SCHEDULER, ControlPlaneSpec.KINE)) {
            PodResources r = cp.requests().get(c);
            if (r != null) {
                resources.put(RESOURCE_KEY.get(c), Map.of("requests", quantities(r)));
            }
        }
        if (!resources.isEmpty()) {
            deployment.put("resources", resources);
        }
        if (!cp.nodeSelector().isEmpty()) {
            deployment.put("nodeSelector", new java.util.TreeMap<>(cp.nodeSelector()));
        }
        Map<String, Object> controlPlane = new LinkedHashMap<>();
        controlPlane.put("deployment", deployment);
        controlPlane.put("service", Map.of("serviceType", cp.serviceType()));
        Map<String, Object> kubelet = new LinkedHashMap<>();
        // kind's nodes run containerd with SystemdCgroup and may have swap: kubelet must agree (kamaji.md 3.1)
        kubelet.put("configurationJSONPatches", List.of(
                ordered("op", "replace", "path", "/cgroupDriver", "value", "systemd"),
                ordered("op", "add", "path", "/failSwapOn", "value", false)));
        Map<String, Object> kubernetes = new LinkedHashMap<>();
        kubernetes.put("version", cp.version().text());
        kubernetes.put("kubelet", kubelet);
        Map<String, Object> addons = new LinkedHashMap<>();
        addons.put("coreDNS", Map.of());
        addons.put("kubeProxy", Map.of());
        ControlPlaneSpec.Konnectivity k = cp.konnectivity();
        if (k != null) {
            Map<String, Object> server = new LinkedHashMap<>();
            server.put("port", k.serverPort());
            PodResources r = cp.requests().get(ControlPlaneSpec.KONNECTIVITY_SERVER);
            if (r != null) {
                server.put("resources", Map.of("requests", quantities(r)));
            }
            Map<String, Object> agent = new LinkedHashMap<>();
            agent.put("mode", k.agentMode());
            if ("Deployment".equals(k.agentMode())) {
                agent.put("replicas", k.agentReplicas());
            }
            addons.put("konnectivity", ordered("server", server, "agent", agent));
        }
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("dataStore", cp.dataStore() == null ? "default" : cp.dataStore());
        if (cp.dataStoreSchema() != null) {
            spec.put("dataStoreSchema", cp.dataStoreSchema());
        }
        spec.put("controlPlane", controlPlane);
        spec.put("kubernetes", kubernetes);
        spec.put("networkProfile", Map.of("port", 6443));
        spec.put("addons", addons);
        ControlPlaneSpec.WritePermissions w = cp.writePermissions();
        if (w.any()) {
            spec.put("writePermissions", ordered("blockCreation", w.blockCreation(), "blockUpdate", w.blockUpdate(),
                    "blockDeletion", w.blockDeletion()));
        }
        Map<String, Object> tcp = new LinkedHashMap<>();
        tcp.put("apiVersion", "kamaji.clastix.io/v1alpha1");
        tcp.put("kind", "TenantControlPlane");
        tcp.put("metadata", meta);
        tcp.put("spec", spec);
        return tcp;
    }

    /** The manifest as YAML, for {@code kubectl apply -f}. */
    public static String yaml(String tenant, String lab, ControlPlaneSpec cp) {
        try {
            return YAML.writeValueAsString(tree(tenant, lab, cp));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The status Kamaji settles on once the TCP's pods are ready (docs/kamaji-model.md): {@code Sleeping} at 0
     * replicas, {@code WriteLimited} with a write permission blocked, else {@code Ready}. The kind lab waits for it.
     */
    public static String settledStatus(ControlPlaneSpec cp) {
        if (cp.replicas() == 0) {
            return TcpStatus.SLEEPING;
        }
        return cp.writePermissions().any() ? TcpStatus.WRITE_LIMITED : TcpStatus.READY;
    }

    /** A map in the order its keys are given (Map.of has none, and the manifest is compared byte for byte). */
    private static Map<String, Object> ordered(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> strategy(ControlPlaneSpec.Strategy s) {
        if (ControlPlaneSpec.Strategy.RECREATE.equals(s.type())) {
            return Map.of("type", s.type());
        }
        Map<String, Object> rolling = new LinkedHashMap<>();
        rolling.put("maxSurge", intOrPercent(s.maxSurge()));
        rolling.put("maxUnavailable", intOrPercent(s.maxUnavailable()));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("type", s.type());
        out.put("rollingUpdate", rolling);
        return out;
    }

    /** An IntOrString as Kubernetes reads it: {@code 1} a number, {@code 100%} a string. */
    private static Object intOrPercent(String v) {
        return v.endsWith("%") ? v : (Object) Integer.valueOf(v);
    }

    private static Map<String, String> quantities(PodResources r) {
        Map<String, String> q = new LinkedHashMap<>();
        if (r.cpuMilli() > 0) {
            q.put("cpu", r.cpuMilli() % 1000 == 0 ? String.valueOf(r.cpuMilli() / 1000) : r.cpuMilli() + "m");
        }
        if (r.memoryBytes() > 0) {
            q.put("memory", r.memoryBytes() % MIB == 0 ? r.memoryBytes() / MIB + "Mi" : String.valueOf(r.memoryBytes()));
        }
        return q;
    }
}
