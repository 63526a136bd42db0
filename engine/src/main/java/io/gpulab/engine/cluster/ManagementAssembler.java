package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.ManagementView.DataStoreView;
import io.gpulab.engine.api.ManagementView.MemberView;
import io.gpulab.engine.api.ManagementView.NodeView;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The management cluster as read (docs in engine/BACKENDS.md): its nodes with the Kamaji pods bound to them, and its
 * DataStores with their members and tenants, in the shapes the simulation's views have, so the workbench draws a real
 * management cluster as it draws a simulated one. Nothing here is computed the way the simulation computes it: a
 * DataStore's readiness is its {@code status.ready}, a node's state its conditions and {@code spec.unschedulable}.
 */
final class ManagementAssembler {

    static final String ZONE_LABEL = "topology.kubernetes.io/zone";
    private static final long MIB = 1024L * 1024L;

    private ManagementAssembler() {
    }

    /**
     * Each node with what the pods bound to it request (every pod that is not finished, as kube-scheduler counts)
     * and, by name, the pods of Kamaji's objects on it: the TCPs' pods and the DataStores' members.
     */
    static List<NodeView> nodes(List<Node> nodes, List<Pod> pods, Set<String> kamajiPods) {
        List<NodeView> out = new ArrayList<>();
        nodes.stream().sorted(Comparator.comparing(n -> n.getMetadata().getName())).forEach(n -> {
            String name = n.getMetadata().getName();
            long cpu = 0;
            long mem = 0;
            List<String> shown = new ArrayList<>();
            for (Pod p : pods) {
                if (p.getSpec() == null || !name.equals(p.getSpec().getNodeName()) || finished(p)) {
                    continue;
                }
                cpu += requests(p, "cpu").movePointRight(3).longValue();
                mem += requests(p, "memory").longValue() / MIB;
                if (kamajiPods.contains(key(p))) {
                    shown.add(p.getMetadata().getName());
                }
            }
            Map<String, Quantity> alloc = n.getStatus() == null ? Map.of()
                    : n.getStatus().getAllocatable() != null && !n.getStatus().getAllocatable().isEmpty()
                    ? n.getStatus().getAllocatable() : n.getStatus().getCapacity() == null ? Map.of()
                    : n.getStatus().getCapacity();
            int cores = alloc.containsKey("cpu") ? Quantity.getAmountInBytes(alloc.get("cpu")).intValue() : 0;
            int memMiB = alloc.containsKey("memory")
                    ? (int) (Quantity.getAmountInBytes(alloc.get("memory")).longValue() / MIB) : 0;
            String zone = n.getMetadata().getLabels() == null ? "" : n.getMetadata().getLabels().getOrDefault(ZONE_LABEL,
                    "");
            out.add(new NodeView(name, cores, memMiB, zone, state(n), cpu, mem, shown));
        });
        return out;
    }

    /** {@code NotReady} (its Ready condition is not True), {@code SchedulingDisabled} (cordoned), else {@code Ready}. */
    static String state(Node n) {
        boolean ready = n.getStatus() != null && n.getStatus().getConditions() != null && n.getStatus().getConditions()
                .stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
        if (!ready) {
            return "NotReady";
        }
        return n.getSpec() != null && Boolean.TRUE.equals(n.getSpec().getUnschedulable()) ? "SchedulingDisabled"
                : "Ready";
    }

    private static boolean finished(Pod p) {
        String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
        return "Succeeded".equals(phase) || "Failed".equals(phase);
    }

    /** The pod's request as kube-scheduler sums it: app containers summed, init containers' largest if larger. */
    private static BigDecimal requests(Pod p, String resource) {
        BigDecimal apps = BigDecimal.ZERO;
        for (var c : p.getSpec().getContainers() == null ? List.<io.fabric8.kubernetes.api.model.Container>of()
                : p.getSpec().getContainers()) {
            apps = apps.add(request(c, resource));
        }
        BigDecimal init = BigDecimal.ZERO;
        for (var c : p.getSpec().getInitContainers() == null ? List.<io.fabric8.kubernetes.api.model.Container>of()
                : p.getSpec().getInitContainers()) {
            init = init.max(request(c, resource));
        }
        return apps.max(init);
    }

    private static BigDecimal request(io.fabric8.kubernetes.api.model.Container c, String resource) {
        if (c.getResources() == null) {
            return BigDecimal.ZERO;
        }
        Quantity q = c.getResources().getRequests() == null ? null : c.getResources().getRequests().get(resource);
        if (q == null && c.getResources().getLimits() != null) {
            q = c.getResources().getLimits().get(resource);   // the API server defaults requests to limits
        }
        try {
            return q == null ? BigDecimal.ZERO : Quantity.getAmountInBytes(q);
        } catch (IllegalArgumentException e) {
            return BigDecimal.ZERO;   // the API server validates quantities; a dump may not
        }
    }

    static String key(Pod p) {
        return p.getMetadata().getNamespace() + "/" + p.getMetadata().getName();
    }

    /**
     * Each DataStore as Kamaji reports it: {@code spec.driver}, {@code status.ready}, {@code status.usedBy}. Its
     * members are its {@code spec.endpoints}; an endpoint naming a pod of the management cluster
     * ({@code <pod>.<service>.<namespace>.svc...}, as kamaji-etcd's are) is up while that pod is Ready and sits on
     * that pod's node; any other endpoint is a server outside the management cluster, whose health cannot be seen
     * from it: it is shown with the DataStore's {@code status.ready} and said so in {@code problems}.
     *
     * @param tcps the TenantControlPlanes, for each tenant's prefix
     */
    static List<DataStoreView> dataStores(List<GenericKubernetesResource> stores, List<ControlPlaneView> tcps,
                                          List<Pod> pods, List<String> problems, Set<String> memberPods) {
        Map<String, Pod> byKey = new LinkedHashMap<>();
        pods.forEach(p -> byKey.put(key(p), p));
        List<DataStoreView> out = new ArrayList<>();
        stores.stream().sorted(Comparator.comparing(s -> s.getMetadata().getName())).forEach(s -> {
            ObjectFields f = new ObjectFields(s, problems);
            String name = s.getMetadata().getName();
            String driver = f.string("spec", "driver");
            Boolean ready = f.bool("status", "ready");
            List<MemberView> members = new ArrayList<>();
            for (String endpoint : f.strings("spec", "endpoints")) {
                Pod pod = byKey.get(podKey(endpoint));
                if (pod != null) {
                    memberPods.add(key(pod));
                    members.add(new MemberView(pod.getMetadata().getName(), pod.getSpec() == null
                            || pod.getSpec().getNodeName() == null ? "" : pod.getSpec().getNodeName(), podReady(pod)));
                } else {
                    members.add(new MemberView(endpoint, "", Boolean.TRUE.equals(ready)));
                    problems.add("DataStore " + name + ": endpoint " + endpoint + " is not a pod of the management "
                            + "cluster; its health is not observed, shown as the DataStore's status.ready ("
                            + (ready == null ? "not reported" : ready) + ")");
                }
            }
            int quorum = "etcd".equals(driver) ? members.size() / 2 + 1 : Math.min(1, members.size());
            List<String> usedBy = f.strings("status", "usedBy");
            Map<String, String> prefixes = new LinkedHashMap<>();
            for (String used : usedBy) {
                tcps.stream().filter(t -> used.equals(t.namespace() + "/" + t.name())).findFirst().ifPresent(t ->
                        prefixes.put(t.name(), t.dataStoreSchema().isEmpty() ? "not reported"
                                : "etcd".equals(driver) ? "/" + t.dataStoreSchema() + "/"
                                : "database " + t.dataStoreSchema()));
            }
            String error = ready == null ? "status.ready not reported by Kamaji" : "";
            out.add(new DataStoreView(name, driver, members, quorum, Boolean.TRUE.equals(ready), usedBy, prefixes,
                    error));
        });
        return out;
    }

    /** {@code kamaji-etcd-0.kamaji-etcd.kamaji-system.svc.cluster.local:2379} is pod {@code kamaji-system/kamaji-etcd-0}. */
    static String podKey(String endpoint) {
        String host = endpoint.replaceFirst("^[a-z]+://", "").replaceFirst(":\\d+$", "");
        String[] parts = host.split("\\.");
        if (parts.length >= 4 && "svc".equals(parts[3])) {
            return parts[2] + "/" + parts[0];
        }
        return "";
    }

    private static boolean podReady(Pod p) {
        return p.getMetadata().getDeletionTimestamp() == null && p.getStatus() != null
                && p.getStatus().getConditions() != null && p.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    /** The TCP pods named in the views, as {@code namespace/name}. */
    static Set<String> tcpPods(List<ControlPlaneView> tcps) {
        Set<String> out = new TreeSet<>();
        tcps.forEach(t -> t.pods().forEach(p -> out.add(t.namespace() + "/" + p.name())));
        return out;
    }
}
