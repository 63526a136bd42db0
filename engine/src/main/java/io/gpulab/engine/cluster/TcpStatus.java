package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.ControlPlaneView.ComponentView;
import io.gpulab.engine.api.ControlPlaneView.TcpPodView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A TenantControlPlane as the management cluster reports it, read, never computed: the phase is Kamaji's
 * {@code status.kubernetesResources.version.status} (the CRD's default {@code Provisioning} while Kamaji has written
 * none), the replicas its {@code spec} and the Deployment status Kamaji copies into
 * {@code status.kubernetesResources.deployment}, the pods those the Deployment's selector picks in the TCP's
 * namespace.
 */
final class TcpStatus {

    /** Kamaji's default, set by its webhook and the CRD on every TCP it admits. */
    static final int DEFAULT_REPLICAS = 2;

    private TcpStatus() {
    }

    /** The TCP known by its own object only (no pods read). */
    static ControlPlaneView view(GenericKubernetesResource tcp) {
        return view(tcp, List.of(), new ArrayList<>());
    }

    /**
     * @param managementPods the management cluster's pods; those of the TCP's Deployment are shown
     * @param problems       receives one line per malformed field
     */
    static ControlPlaneView view(GenericKubernetesResource tcp, List<Pod> managementPods, List<String> problems) {
        ObjectFields f = new ObjectFields(tcp, problems);
        int known = problems.size();
        String phase = f.string("status", "kubernetesResources", "version", "status");
        boolean unreadable = problems.size() > known;
        String version = f.string("spec", "kubernetes", "version");
        String installed = f.string("status", "kubernetesResources", "version", "version");
        String endpoint = f.string("status", "controlPlaneEndpoint");
        String schema = f.string("status", "storage", "setup", "schema");
        if (schema.isEmpty()) {
            schema = f.string("spec", "dataStoreSchema");
        }
        String dataStore = f.string("status", "storage", "dataStoreName");
        if (dataStore.isEmpty()) {
            dataStore = f.string("spec", "dataStore");
        }
        int replicas = f.integer(DEFAULT_REPLICAS, "spec", "controlPlane", "deployment", "replicas");
        int ready = f.integer(0, "status", "kubernetesResources", "deployment", "readyReplicas");
        int updated = f.integer(0, "status", "kubernetesResources", "deployment", "updatedReplicas");
        boolean konnectivity = Boolean.TRUE.equals(f.bool("status", "addons", "konnectivity", "enabled"))
                || f.get("spec", "addons", "konnectivity") != null;
        List<String> names = new ArrayList<>(List.of("kube-apiserver", "kube-scheduler", "kube-controller-manager"));
        if (konnectivity) {
            names.add("konnectivity-server");
        }
        String driver = f.string("status", "storage", "driver");
        if (!driver.isEmpty() && !"etcd".equals(driver)) {
            names.add("kine");
        }
        List<ComponentView> components = new ArrayList<>();
        for (String c : names) {
            components.add(new ComponentView(c, ready > 0));
        }
        String namespace = tcp.getMetadata().getNamespace() == null ? "" : tcp.getMetadata().getNamespace();
        String selector = f.string("status", "kubernetesResources", "deployment", "selector");
        List<TcpPodView> pods = pods(namespace, selector, managementPods);
        return new ControlPlaneView(tcp.getMetadata().getName(), namespace, unreadable ? "Unknown" : phase.isEmpty() ? "Provisioning" : phase,
                version, endpoint, components, schema, installed, replicas, ready, updated, dataStore, "",
                writePermissions(f), pods, List.of(), List.of());
    }

    private static String writePermissions(ObjectFields f) {
        List<String> on = new ArrayList<>();
        for (String flag : List.of("blockCreation", "blockUpdate", "blockDeletion")) {
            if (Boolean.TRUE.equals(f.bool("spec", "writePermissions", flag))) {
                on.add(flag);
            }
        }
        return on.isEmpty() ? "none" : String.join(", ", on);
    }

    /**
     * The pods the Deployment's selector ({@code status.kubernetesResources.deployment.selector}, a label selector
     * string such as {@code kamaji.clastix.io/name=tenant-a}) picks in the TCP's namespace; none without a selector.
     */
    static List<TcpPodView> pods(String namespace, String selector, List<Pod> managementPods) {
        Map<String, String> wanted = Selectors.equalities(selector);
        if (wanted.isEmpty()) {
            return List.of();
        }
        List<TcpPodView> out = new ArrayList<>();
        managementPods.stream().filter(p -> namespace.equals(p.getMetadata().getNamespace()))
                .filter(p -> Selectors.matches(wanted, p.getMetadata().getLabels()))
                .sorted(Comparator.comparing(p -> p.getMetadata().getName()))
                .forEach(p -> out.add(pod(p)));
        return out;
    }

    private static TcpPodView pod(Pod p) {
        String node = p.getSpec() == null || p.getSpec().getNodeName() == null ? "" : p.getSpec().getNodeName();
        String phase = p.getMetadata().getDeletionTimestamp() != null ? "Terminating"
                : p.getStatus() == null || p.getStatus().getPhase() == null ? "Pending" : p.getStatus().getPhase();
        boolean ready = condition(p, "Ready") != null && "True".equals(condition(p, "Ready").getStatus());
        return new TcpPodView(p.getMetadata().getName(), node, phase, ready, apiServerVersion(p),
                ready ? "" : notReady(p));
    }

    private static PodCondition condition(Pod p, String type) {
        if (p.getStatus() == null || p.getStatus().getConditions() == null) {
            return null;
        }
        return p.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst().orElse(null);
    }

    /** The tag of the kube-apiserver container's image, e.g. {@code v1.35.7}; empty when not stated. */
    private static String apiServerVersion(Pod p) {
        if (p.getSpec() == null || p.getSpec().getContainers() == null) {
            return "";
        }
        for (Container c : p.getSpec().getContainers()) {
            if ("kube-apiserver".equals(c.getName()) && c.getImage() != null) {
                String image = c.getImage().replaceFirst("@.*$", "");
                int colon = image.lastIndexOf(':');
                return colon > image.lastIndexOf('/') ? image.substring(colon + 1) : "";
            }
        }
        return "";
    }

    /** Why it is not ready, as the cluster says it: the scheduler's message, a waiting container's reason. */
    private static String notReady(Pod p) {
        PodCondition scheduled = condition(p, "PodScheduled");
        if (scheduled != null && "False".equals(scheduled.getStatus()) && scheduled.getMessage() != null) {
            return io.gpulab.engine.scenario.Quote.visible(scheduled.getMessage());
        }
        if (p.getStatus() != null && p.getStatus().getContainerStatuses() != null) {
            for (var cs : p.getStatus().getContainerStatuses()) {
                if (cs.getState() != null && cs.getState().getWaiting() != null) {
                    var w = cs.getState().getWaiting();
                    return io.gpulab.engine.scenario.Quote.visible(cs.getName() + ": " + w.getReason()
                            + (w.getMessage() == null ? "" : ": " + w.getMessage()));
                }
            }
        }
        PodCondition readyCond = condition(p, "Ready");
        if (readyCond != null && readyCond.getMessage() != null) {
            return io.gpulab.engine.scenario.Quote.visible(readyCond.getMessage());
        }
        return "not ready";
    }
}
