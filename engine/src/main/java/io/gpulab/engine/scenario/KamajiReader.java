package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.DataStoreSpec;
import io.gpulab.engine.lab.KubeVersion;
import io.gpulab.engine.lab.ManagementNodeSpec;
import io.gpulab.engine.lab.ManagementSpec;
import io.gpulab.engine.lab.PodResources;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads the Kamaji half of a lab (docs/kamaji-model.md): {@code lab.management} (nodes and DataStores, a DataStore
 * also as a verbatim manifest) and a tenant's {@code controlPlane}, a TenantControlPlane's {@code spec} or the whole
 * manifest. Keys Kamaji's CRDs have but gpulab does not act on are kept and named in {@code notModelled}; keys the
 * CRDs do not have are errors, located like every other.
 */
public final class KamajiReader {

    static final String API_VERSION = "kamaji.clastix.io/v1alpha1";

    /** Spec paths that would change what gpulab models if it acted on them: named in the scenario's warnings. */
    private static final Set<String> MATTERS = Set.of("spec.dataStoreOverrides", "spec.networkProfile.address",
            "spec.controlPlane.ingress", "spec.controlPlane.gateway", "spec.controlPlane.deployment.tolerations",
            "spec.controlPlane.deployment.affinity", "spec.controlPlane.deployment.topologySpreadConstraints",
            "spec.controlPlane.deployment.additionalContainers", "spec.controlPlane.deployment.additionalInitContainers",
            "spec.controlPlane.deployment.probes", "spec.controlPlane.deployment.runtimeClassName",
            "spec.addons.konnectivity.agent.hostNetwork");

    private KamajiReader() {
    }

    // ---------------------------------------------------------------- management

    public static ManagementSpec management(ScenarioNode m) {
        m.object("name", "nodes", "dataStores");
        ManagementSpec d = ManagementSpec.defaults();
        String name = m.has("name") ? m.get("name").text() : d.name();
        List<ManagementNodeSpec> nodes = d.nodes();
        if (m.has("nodes")) {
            nodes = new ArrayList<>();
            for (ScenarioNode n : m.get("nodes").list()) {
                nodes.add(node(n));
            }
        }
        List<DataStoreSpec> stores = d.dataStores();
        if (m.has("dataStores")) {
            stores = new ArrayList<>();
            for (ScenarioNode s : m.get("dataStores").list()) {
                stores.add(s.has("kind") ? dataStoreManifest(s) : dataStore(s));
            }
        }
        List<ManagementNodeSpec> ns = nodes;
        List<DataStoreSpec> ds = stores;
        return build(m, () -> new ManagementSpec(name, ns, ds));
    }

    private static ManagementNodeSpec node(ScenarioNode n) {
        n.object("name", "cpu", "memoryMiB", "zone", "labels", "maxPods");
        String name = n.get("name").text();
        int cpu = n.has("cpu") ? n.get("cpu").integer(1) : 4;
        int mem = n.has("memoryMiB") ? n.get("memoryMiB").integer(1) : 8192;
        String zone = n.has("zone") ? n.get("zone").text() : null;
        Map<String, String> labels = new LinkedHashMap<>();
        if (n.has("labels")) {
            n.get("labels").entries().forEach((k, v) -> labels.put(k, v.scalar()));
        }
        int maxPods = n.has("maxPods") ? n.get("maxPods").integer(1) : ManagementNodeSpec.DEFAULT_MAX_PODS;
        return build(n.get("name"), () -> new ManagementNodeSpec(name, cpu, mem, zone, labels, maxPods));
    }

    /** {@code {name, driver, members, endpoints}}: gpulab's short form. */
    private static DataStoreSpec dataStore(ScenarioNode s) {
        s.object("name", "driver", "members", "endpoints");
        String name = s.get("name").text();
        String driver = s.has("driver") ? s.get("driver").choice(DataStoreSpec.DRIVERS.toArray(String[]::new))
                : DataStoreSpec.ETCD;
        if (s.has("endpoints")) {
            List<String> eps = s.get("endpoints").texts();
            if (s.has("members") && s.get("members").integer(1) != eps.size()) {
                throw s.get("members").error("members is " + s.get("members").integer() + " but " + eps.size()
                        + " endpoints are listed (one member per endpoint)");
            }
            return build(s, () -> fromEndpoints(name, driver, eps));
        }
        int members = s.has("members") ? s.get("members").integer(1) : DataStoreSpec.ETCD.equals(driver) ? 3 : 1;
        if (DataStoreSpec.ETCD.equals(driver)) {
            return build(s, () -> DataStoreSpec.etcd(name, members));
        }
        if (members != 1) {
            throw s.get("members").error("gpulab models a " + driver + " DataStore as one server (members: 1)");
        }
        String port = "MySQL".equals(driver) ? "3306" : "PostgreSQL".equals(driver) ? "5432" : "4222";
        return build(s, () -> fromEndpoints(name, driver, List.of(name + ".kamaji-system.svc.cluster.local:" + port)));
    }

    /** A {@code kamaji.clastix.io/v1alpha1 DataStore} as kubectl would apply it (its {@code status} is not read). */
    private static DataStoreSpec dataStoreManifest(ScenarioNode s) {
        s.object("apiVersion", "kind", "metadata", "spec", "status");
        kind(s, "DataStore");
        ScenarioNode meta = s.get("metadata").mapping();
        String name = meta.get("name").text();
        ScenarioNode spec = s.get("spec").object("driver", "endpoints", "basicAuth", "tlsConfig");
        String driver = spec.get("driver").choice(DataStoreSpec.DRIVERS.toArray(String[]::new));
        List<String> eps = spec.get("endpoints").texts();
        if (eps.isEmpty()) {
            throw spec.get("endpoints").error("spec.endpoints: at least 1 item");
        }
        return build(s, () -> fromEndpoints(name, driver, eps));
    }

    /**
     * Members from {@code host:port} endpoints: a {@code .svc} host is a pod of the management cluster named by its
     * first label ({@code kamaji-etcd-0.kamaji-etcd.kamaji-system.svc.cluster.local}); any other is a server outside
     * it. A SQL or NATS DataStore is one server however many endpoints it lists.
     */
    static DataStoreSpec fromEndpoints(String name, String driver, List<String> endpoints) {
        List<DataStoreSpec.Member> members = new ArrayList<>();
        for (String ep : DataStoreSpec.ETCD.equals(driver) ? endpoints : endpoints.subList(0, 1)) {
            String host = ep.contains(":") ? ep.substring(0, ep.lastIndexOf(':')) : ep;
            boolean inCluster = host.endsWith(".svc") || host.contains(".svc.");
            members.add(new DataStoreSpec.Member(inCluster ? host.split("\\.")[0] : host, inCluster));
        }
        return new DataStoreSpec(name, driver, members, endpoints);
    }

    // ---------------------------------------------------------------- control plane

    /**
     * A tenant's {@code controlPlane}: the TCP's {@code spec}, or (with {@code kind: TenantControlPlane}) the whole
     * manifest, whose {@code metadata.name} must be the tenant's.
     */
    public static ControlPlaneSpec controlPlane(ScenarioNode cp, String tenant) {
        String namespace = "default";
        String uid = null;
        ScenarioNode spec = cp;
        String prefix = "spec.";
        if (cp.has("kind")) {
            cp.object("apiVersion", "kind", "metadata", "spec", "status");
            kind(cp, "TenantControlPlane");
            ScenarioNode meta = cp.get("metadata").mapping();
            String name = meta.get("name").text();
            if (!name.equals(tenant)) {
                throw meta.get("name").error("the TenantControlPlane is named '" + name + "' but the tenant is '"
                        + tenant + "' (a tenant is its TCP: give both the same name)");
            }
            namespace = meta.has("namespace") ? meta.get("namespace").text() : namespace;
            uid = meta.has("uid") ? meta.get("uid").text() : null;
            spec = cp.get("spec");
        }
        return spec(spec, namespace, uid, prefix);
    }

    private static ControlPlaneSpec spec(ScenarioNode s, String namespace, @Nullable String uid, String prefix) {
        s.object("dataStore", "dataStoreSchema", "dataStoreUsername", "dataStoreOverrides", "controlPlane",
                "kubernetes", "networkProfile", "addons", "writePermissions");
        List<String> notModelled = new ArrayList<>();
        keep(s, prefix, notModelled, "dataStoreUsername", "dataStoreOverrides");
        // spec.kubernetes.version and spec.controlPlane.service.serviceType are required by the CRD
        ScenarioNode k = s.get("kubernetes").object("version", "kubelet", "admissionControllers");
        keep(k, prefix + "kubernetes.", notModelled, "kubelet", "admissionControllers");
        KubeVersion version = build(k.get("version"), () -> KubeVersion.parse(k.get("version").scalar(),
                "spec.kubernetes.version"));
        ScenarioNode c = s.get("controlPlane").object("deployment", "service", "ingress", "gateway");
        keep(c, prefix + "controlPlane.", notModelled, "ingress", "gateway");
        ScenarioNode svc = c.get("service").object("serviceType", "additionalMetadata", "additionalPorts",
                "allocateLoadBalancerNodePorts");
        keep(svc, prefix + "controlPlane.service.", notModelled, "additionalMetadata", "additionalPorts",
                "allocateLoadBalancerNodePorts");
        String serviceType = svc.get("serviceType").choice("ClusterIP", "NodePort", "LoadBalancer");
        int replicas = 2;
        Map<String, PodResources> requests = new LinkedHashMap<>();
        ControlPlaneSpec.Strategy strategy = ControlPlaneSpec.Strategy.DEFAULT;
        Map<String, String> nodeSelector = new LinkedHashMap<>();
        if (c.has("deployment")) {
            ScenarioNode d = c.get("deployment").object("replicas", "resources", "strategy", "nodeSelector",
                    "registrySettings", "tolerations", "affinity", "topologySpreadConstraints", "extraArgs",
                    "additionalMetadata", "podAdditionalMetadata", "additionalInitContainers", "additionalContainers",
                    "additionalVolumes", "additionalVolumeMounts", "probes", "serviceAccountName", "runtimeClassName",
                    "containerSecurityContexts", "podSecurityContext");
            keep(d, prefix + "controlPlane.deployment.", notModelled, "registrySettings", "tolerations", "affinity",
                    "topologySpreadConstraints", "extraArgs", "additionalMetadata", "podAdditionalMetadata",
                    "additionalInitContainers", "additionalContainers", "additionalVolumes", "additionalVolumeMounts",
                    "probes", "serviceAccountName", "runtimeClassName", "containerSecurityContexts",
                    "podSecurityContext");
            replicas = d.has("replicas") ? d.get("replicas").integer(0) : replicas;
            if (d.has("resources")) {
                ScenarioNode r = d.get("resources").object("apiServer", "controllerManager", "scheduler", "kine");
                for (var e : r.entries().entrySet()) {
                    requests.put(ControlPlaneSpec.RESOURCE_KEYS.get(e.getKey()), resources(e.getValue()));
                }
            }
            if (d.has("strategy")) {
                strategy = strategy(d.get("strategy"));
            }
            if (d.has("nodeSelector")) {
                d.get("nodeSelector").entries().forEach((key, v) -> nodeSelector.put(key, v.scalar()));
            }
        }
        ControlPlaneSpec.Konnectivity konnectivity = null;
        if (s.has("addons")) {
            ScenarioNode a = s.get("addons").object("coreDNS", "kubeProxy", "konnectivity");
            keep(a, prefix + "addons.", notModelled, "coreDNS", "kubeProxy");
            if (a.has("konnectivity")) {
                konnectivity = konnectivity(a, prefix, notModelled, requests);
            }
        }
        ControlPlaneSpec.WritePermissions wp = ControlPlaneSpec.WritePermissions.NONE;
        if (s.has("writePermissions")) {
            wp = writePermissions(s.get("writePermissions"));
        }
        if (s.has("networkProfile")) {
            keep(s.get("networkProfile").mapping(), prefix + "networkProfile.", notModelled, "address");
        }
        String dataStore = s.has("dataStore") ? s.get("dataStore").text() : null;
        String schema = s.has("dataStoreSchema") ? s.get("dataStoreSchema").text() : null;
        int rep = replicas;
        ControlPlaneSpec.Strategy st = strategy;
        ControlPlaneSpec.Konnectivity kon = konnectivity;
        ControlPlaneSpec.WritePermissions w = wp;
        return build(s, () -> new ControlPlaneSpec(namespace, uid, version, rep, requests, st, dataStore, schema,
                serviceType, kon, w, nodeSelector, notModelled));
    }

    /** {@code addons.konnectivity: {}} (or null) switches the addon on with Kamaji's defaults. */
    private static ControlPlaneSpec.Konnectivity konnectivity(ScenarioNode addons, String prefix,
                                                              List<String> notModelled,
                                                              Map<String, PodResources> requests) {
        ControlPlaneSpec.Konnectivity d = ControlPlaneSpec.Konnectivity.DEFAULT;
        ScenarioNode k = addons.opt("konnectivity");
        if (k == null) {
            return d;
        }
        k.object("server", "agent");
        int port = d.serverPort();
        if (k.has("server")) {
            ScenarioNode srv = k.get("server").object("port", "version", "image", "resources", "extraArgs",
                    "securityContext");
            keep(srv, prefix + "addons.konnectivity.server.", notModelled, "version", "image", "extraArgs",
                    "securityContext");
            port = srv.has("port") ? srv.get("port").integer(1) : port;
            if (srv.has("resources")) {
                requests.put(ControlPlaneSpec.KONNECTIVITY_SERVER, resources(srv.get("resources")));
            }
        }
        String mode = d.agentMode();
        Integer replicas = null;
        if (k.has("agent")) {
            ScenarioNode ag = k.get("agent").object("image", "version", "tolerations", "extraArgs", "hostNetwork",
                    "mode", "replicas");
            keep(ag, prefix + "addons.konnectivity.agent.", notModelled, "image", "version", "tolerations", "extraArgs",
                    "hostNetwork");
            mode = ag.has("mode") ? ag.get("mode").choice("DaemonSet", "Deployment") : mode;
            replicas = ag.has("replicas") ? ag.get("replicas").integer(0) : null;
        }
        int agents = replicas != null ? replicas : "Deployment".equals(mode) ? 1 : 0;
        int p = port;
        String md = mode;
        return build(k, () -> new ControlPlaneSpec.Konnectivity(p, md, agents));
    }

    /** A container's {@code ResourceRequirements}: what it requests, falling back to its limits (API defaulting). */
    private static PodResources resources(ScenarioNode r) {
        r.object("requests", "limits", "claims");
        Map<String, String> req = quantities(r.opt("requests"));
        Map<String, String> lim = quantities(r.opt("limits"));
        String cpu = req.getOrDefault("cpu", lim.get("cpu"));
        String mem = req.getOrDefault("memory", lim.get("memory"));
        return build(r, () -> PodResources.of(cpu, mem));
    }

    private static Map<String, String> quantities(@Nullable ScenarioNode n) {
        Map<String, String> out = new LinkedHashMap<>();
        if (n != null) {
            n.entries().forEach((k, v) -> {
                try {
                    PodResources.of(v.scalar(), null);
                } catch (IllegalArgumentException e) {
                    throw v.error("\"" + Quote.clip(v.scalar()) + "\" is not a Kubernetes quantity");
                }
                out.put(k, v.scalar());
            });
        }
        return out;
    }

    private static ControlPlaneSpec.Strategy strategy(ScenarioNode s) {
        s.object("type", "rollingUpdate");
        String type = s.has("type") ? s.get("type").choice("RollingUpdate", "Recreate")
                : ControlPlaneSpec.Strategy.ROLLING_UPDATE;
        String surge = ControlPlaneSpec.Strategy.DEFAULT.maxSurge();
        String unavailable = ControlPlaneSpec.Strategy.DEFAULT.maxUnavailable();
        if (s.has("rollingUpdate")) {
            if (ControlPlaneSpec.Strategy.RECREATE.equals(type)) {
                throw s.get("rollingUpdate").error("may not be specified when strategy type is 'Recreate'");
            }
            ScenarioNode ru = s.get("rollingUpdate").object("maxSurge", "maxUnavailable");
            // a stated rollingUpdate replaces Kamaji's blue/green default: an absent field is the Deployment's 25 %
            surge = ru.has("maxSurge") ? ru.get("maxSurge").scalar() : "25%";
            unavailable = ru.has("maxUnavailable") ? ru.get("maxUnavailable").scalar() : "25%";
        }
        String t = type;
        String su = surge;
        String un = unavailable;
        return build(s, () -> new ControlPlaneSpec.Strategy(t, su, un));
    }

    static ControlPlaneSpec.WritePermissions writePermissions(ScenarioNode w) {
        w.object("blockCreation", "blockUpdate", "blockDeletion");
        return new ControlPlaneSpec.WritePermissions(flag(w, "blockCreation"), flag(w, "blockUpdate"),
                flag(w, "blockDeletion"));
    }

    private static boolean flag(ScenarioNode n, String key) {
        return n.has(key) && n.get(key).bool();
    }

    /** The worker's {@code kubeletVersion}. */
    static KubeVersion kubelet(ScenarioNode v) {
        return build(v, () -> KubeVersion.parse(v.scalar(), "kubeletVersion"));
    }

    // ---------------------------------------------------------------- helpers

    private static void kind(ScenarioNode m, String kind) {
        String apiVersion = m.get("apiVersion").text();
        if (!API_VERSION.equals(apiVersion)) {
            throw m.get("apiVersion").error("a " + kind + " has apiVersion " + API_VERSION + ", got '"
                    + Quote.clip(apiVersion) + "'");
        }
        String k = m.get("kind").text();
        if (!kind.equals(k)) {
            throw m.get("kind").error("expected kind " + kind + ", got '" + Quote.clip(k) + "'");
        }
    }

    /** Records the present keys among {@code keys} that gpulab keeps without acting on them. */
    private static void keep(ScenarioNode n, String prefix, List<String> notModelled, String... keys) {
        for (String key : keys) {
            if (n.has(key) && MATTERS.contains(prefix + key)) {
                notModelled.add(prefix + key);
            }
        }
    }

    private static <T> T build(ScenarioNode at, Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (IllegalArgumentException e) {
            throw at.error(String.valueOf(e.getMessage()));
        }
    }
}
