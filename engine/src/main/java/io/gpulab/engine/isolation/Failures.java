package io.gpulab.engine.isolation;

import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.ManagementView;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The failures to inject, read from the lab as built (its probe pods running): each part of each layer a tenant
 * depends on, with the fault steps that fail it and the tenants that depend on it.
 */
final class Failures {

    static final String MANAGEMENT = "management nodes";
    static final String DATASTORE = "DataStore";
    static final String SCHEMA = "schema";
    static final String API_SERVER = "API server";
    static final String CONTROLLERS = "controller-manager / scheduler";
    static final String KONNECTIVITY = "Konnectivity";
    static final String WORKERS = "workers";
    static final String CARDS = "cards";

    /** Management nodes failed one by one at most; beyond, only all of them together. */
    static final int MAX_NODES = 8;

    /**
     * One failure.
     *
     * @param fault       the scenario steps, as a scenario states them
     * @param notInjected why it is not injected, else empty
     */
    record Failure(String layer, String component, String fault, List<LabCommand> commands, String notInjected,
                   List<String> sharedBy, String sharing) { }

    private Failures() {
    }

    static List<Failure> of(LabSnapshot lab) {
        List<Failure> out = new ArrayList<>();
        managementNodes(lab, out);
        dataStores(lab, out);
        for (TenantView t : lab.tenants()) {
            schema(lab, t, out);
        }
        for (TenantView t : lab.tenants()) {
            apiServer(t, out);
        }
        for (TenantView t : lab.tenants()) {
            controllers(t, out);
        }
        for (TenantView t : lab.tenants()) {
            konnectivity(t, out);
        }
        for (TenantView t : lab.tenants()) {
            worker(t, out);
        }
        for (TenantView t : lab.tenants()) {
            card(t, out);
        }
        return out;
    }

    private static void managementNodes(LabSnapshot lab, List<Failure> out) {
        List<ManagementView.NodeView> nodes = lab.management().nodes();
        List<LabCommand> all = new ArrayList<>();
        Set<String> allShared = new LinkedHashSet<>();
        for (int i = 0; i < nodes.size(); i++) {
            ManagementView.NodeView n = nodes.get(i);
            LabCommand lose = new LabCommand.SetManagementNode(n.name(), "lost");
            all.add(lose);
            Map<String, List<String>> why = nodeUsers(lab, n);
            allShared.addAll(why.keySet());
            if (i < MAX_NODES) {
                out.add(new Failure(MANAGEMENT, n.name(), "fault: {managementNode: " + n.name() + ", state: lost}",
                        List.of(lose), "", List.copyOf(why.keySet()), words(why, "runs no tenant's control plane "
                        + "or DataStore member")));
            }
        }
        if (nodes.size() > 1) {
            out.add(new Failure(MANAGEMENT, "all " + nodes.size() + " nodes", "fault: {managementNode: NODE, state: "
                    + "lost} for each of " + names(nodes.stream().map(ManagementView.NodeView::name).toList()),
                    all, "", List.copyOf(allShared), "every tenant's control-plane pods and DataStore members run "
                    + "on them"));
        }
    }

    /** Per tenant, what of it runs on the node: its control-plane pods, the members of the DataStore it uses. */
    private static Map<String, List<String>> nodeUsers(LabSnapshot lab, ManagementView.NodeView n) {
        Map<String, List<String>> why = new LinkedHashMap<>();
        for (TenantView t : lab.tenants()) {
            List<String> pods = t.controlPlane().pods().stream().filter(p -> p.node().equals(n.name()))
                    .map(ControlPlaneView.TcpPodView::name).toList();
            if (!pods.isEmpty()) {
                why.computeIfAbsent(t.name(), k -> new ArrayList<>()).add("control-plane pod"
                        + (pods.size() == 1 ? " " : "s ") + names(pods));
            }
        }
        for (ManagementView.DataStoreView ds : lab.management().dataStores()) {
            List<String> members = ds.members().stream().filter(m -> m.node().equals(n.name()))
                    .map(ManagementView.MemberView::name).toList();
            if (members.isEmpty()) {
                continue;
            }
            for (String t : users(lab, ds)) {
                why.computeIfAbsent(t, k -> new ArrayList<>()).add("DataStore " + ds.name() + " (member"
                        + (members.size() == 1 ? " " : "s ") + names(members) + ")");
            }
        }
        return why;
    }

    private static void dataStores(LabSnapshot lab, List<Failure> out) {
        for (ManagementView.DataStoreView ds : lab.management().dataStores()) {
            List<String> users = users(lab, ds);
            Map<String, List<String>> why = new LinkedHashMap<>();
            for (String t : users) {
                why.put(t, List.of("objects under " + ds.prefixes().getOrDefault(t, "its prefix")));
            }
            String sharing = words(why, "stores no tenant's objects");
            List<ManagementView.MemberView> members = ds.members();
            if (members.size() > 1) {
                String m = members.get(0).name();
                out.add(new Failure(DATASTORE, ds.name() + " (" + ds.driver() + "), one member " + m + " of "
                        + members.size(),
                        "fault: {dataStore: " + ds.name() + ", member: " + m + ", state: down}",
                        List.of(new LabCommand.SetDataStoreMember(ds.name(), m, false)), "", users,
                        sharing + "; answers while " + ds.quorum() + " of " + members.size() + " members are up"));
            }
            out.add(new Failure(DATASTORE, ds.name() + " (" + ds.driver() + ")" + (members.size() > 1 ? ", all "
                    + members.size() + " members" : ""), "fault: {dataStore: " + ds.name() + ", state: down}",
                    List.of(new LabCommand.SetDataStoreMember(ds.name(), null, false)), "", users, sharing));
        }
    }

    /** The tenants whose TenantControlPlane the DataStore lists in {@code status.usedBy}. */
    private static List<String> users(LabSnapshot lab, ManagementView.DataStoreView ds) {
        List<String> out = new ArrayList<>();
        for (TenantView t : lab.tenants()) {
            ControlPlaneView cp = t.controlPlane();
            if (ds.usedBy().contains(cp.namespace() + "/" + cp.name())) {
                out.add(t.name());
            }
        }
        return out;
    }

    private static void schema(LabSnapshot lab, TenantView t, List<Failure> out) {
        ControlPlaneView cp = t.controlPlane();
        ManagementView.DataStoreView ds = lab.management().dataStores().stream()
                .filter(d -> d.name().equals(cp.dataStore())).findFirst().orElse(null);
        String prefix = ds == null ? cp.dataStoreSchema() : ds.prefixes().getOrDefault(t.name(),
                cp.dataStoreSchema());
        List<String> same = new ArrayList<>();
        for (TenantView o : lab.tenants()) {
            ControlPlaneView ocp = o.controlPlane();
            String op = ds == null ? ocp.dataStoreSchema() : ds.prefixes().getOrDefault(o.name(),
                    ocp.dataStoreSchema());
            if (ocp.dataStore().equals(cp.dataStore()) && op.equals(prefix)) {
                same.add(o.name());
            }
        }
        boolean etcd = ds != null && "etcd".equalsIgnoreCase(ds.driver());
        String component = t.name() + "'s " + prefix + " in " + cp.dataStore();
        String sharing = same.size() > 1 ? "the same prefix in DataStore " + cp.dataStore() + " holds the objects of "
                + names(same) + ": they read and overwrite each other's" : "only " + t.name()
                + "'s objects are under it (dataStoreSchema)";
        if (!etcd) {
            out.add(new Failure(SCHEMA, component, "", List.of(), "gpulab revokes a tenant's access on etcd "
                    + "DataStores only (the etcd role Kamaji creates on the tenant's prefix); DataStore "
                    + cp.dataStore() + " is " + (ds == null ? "not listed" : ds.driver()), same, sharing));
            return;
        }
        out.add(new Failure(SCHEMA, component + ", its etcd role revoked", "fault: {tenant: " + t.name()
                + ", dataStoreAccess: revoked}", List.of(new LabCommand.SetDataStoreAccess(t.name(), false)), "",
                same, sharing + "; Kamaji's etcd role " + cp.dataStoreSchema() + " has READWRITE on it alone"));
    }

    /**
     * The tenant's kube-scheduler, then its kube-controller-manager, each stopped in every replica while its
     * container runs (a crash-looping one would make the pods NotReady: the API server rows).
     */
    private static void controllers(TenantView t, List<Failure> out) {
        ControlPlaneView cp = t.controlPlane();
        String where = "containers of " + t.name() + "'s TenantControlPlane " + cp.namespace() + "/" + cp.name()
                + " (" + cp.replicas() + " replica" + (cp.replicas() == 1 ? "" : "s") + ", with " + containers(cp)
                + ")";
        out.add(new Failure(CONTROLLERS, t.name() + "'s kube-scheduler", "fault: {tenant: " + t.name()
                + ", component: kube-scheduler, state: down}", List.of(new LabCommand.SetControlPlaneComponent(
                t.name(), "kube-scheduler", false)), "", List.of(t.name()), where + "; it places pods for "
                + "default-scheduler only: HAMi's scheduler, which places the GPU pods its webhook admitted, runs in "
                + t.name() + "'s own cluster"));
        out.add(new Failure(CONTROLLERS, t.name() + "'s kube-controller-manager", "fault: {tenant: " + t.name()
                + ", component: kube-controller-manager, state: down}", List.of(new LabCommand.SetControlPlaneComponent(
                t.name(), "kube-controller-manager", false)), "", List.of(t.name()), where + "; of its controllers "
                + "gpulab models the node lifecycle (workers that stop posting status marked NotReady, tainted, "
                + "their pods evicted)"));
    }

    private static void apiServer(TenantView t, List<Failure> out) {
        ControlPlaneView cp = t.controlPlane();
        String owner = t.name() + "'s TenantControlPlane " + cp.namespace() + "/" + cp.name();
        int ready = cp.readyReplicas();
        if (ready == 0) {
            out.add(new Failure(API_SERVER, t.name() + "'s kube-apiserver", "", List.of(), "no replica is ready "
                    + "before any failure (status " + cp.phase() + ")", List.of(t.name()), owner));
            return;
        }
        LabCommand lose = new LabCommand.LoseTcpReplica(t.name(), null);
        String step = "fault: {tenant: " + t.name() + ", tcpReplica: lost}";
        if (ready > 1) {
            out.add(new Failure(API_SERVER, t.name() + ": one of " + ready + " ready replicas", step, List.of(lose),
                    "", List.of(t.name()), owner + ", " + ready + " ready replicas"));
        }
        List<LabCommand> all = new ArrayList<>();
        for (int i = 0; i < ready; i++) {
            all.add(lose);
        }
        out.add(new Failure(API_SERVER, t.name() + (ready > 1 ? ": all " + ready + " replicas" : ": its one replica"),
                ready > 1 ? step + " x " + ready : step, all, "", List.of(t.name()), owner + ", " + ready
                + " ready replica" + (ready == 1 ? "" : "s")));
    }

    private static void konnectivity(TenantView t, List<Failure> out) {
        ControlPlaneView cp = t.controlPlane();
        boolean addon = cp.components().stream().anyMatch(c -> c.name().equals("konnectivity-server"));
        String owner = t.name() + "'s konnectivity-server sidecars and agents: its API server calls HAMi's "
                + "webhook through them (failurePolicy " + t.webhookFailurePolicy() + ")";
        if (!addon) {
            out.add(new Failure(KONNECTIVITY, t.name() + "'s tunnel", "", List.of(), t.name() + "'s control plane "
                    + "has no Konnectivity addon", List.of(t.name()), owner));
            return;
        }
        out.add(new Failure(KONNECTIVITY, t.name() + "'s agents", "fault: {tenant: " + t.name()
                + ", konnectivity: down}", List.of(new LabCommand.SetKonnectivity(t.name(), false)), "",
                List.of(t.name()), owner));
    }

    private static void worker(TenantView t, List<Failure> out) {
        NodeView w = probeNode(t);
        if (w == null) {
            out.add(new Failure(WORKERS, t.name() + ": no worker with cards", "", List.of(), "the tenant has no "
                    + "worker with a card to fail", List.of(t.name()), t.name() + "'s own cluster"));
            return;
        }
        java.time.Duration grace = io.gpulab.engine.kamaji.NodeMonitorGrace.of(io.gpulab.engine.lab.KubeVersion.parse(
                t.controlPlane().version(), "version"));
        List<LabCommand> cmds = List.of(new LabCommand.SetKubelet(t.name(), w.name(), false),
                new LabCommand.Advance(grace));
        out.add(new Failure(WORKERS, w.name() + " (" + t.name() + "), its kubelet down", "fault: {tenant: " + t.name()
                + ", node: " + w.name() + ", kubelet: down}, then advance: " + grace.toSeconds() + "s (kube-controller-"
                + "manager's --node-monitor-grace-period: the node is Ready=Unknown and tainted unreachable)", cmds,
                "", List.of(t.name()), "a worker of " + t.name() + "'s own cluster; no other tenant's API server "
                + "lists it"));
    }

    private static void card(TenantView t, List<Failure> out) {
        NodeView w = probeNode(t);
        String id = probeCard(t);
        if (w == null || id == null) {
            out.add(new Failure(CARDS, t.name() + ": no card", "", List.of(), "the tenant has no card to fail",
                    List.of(t.name()), t.name() + "'s own workers"));
            return;
        }
        out.add(new Failure(CARDS, id + " on " + w.name() + " (" + t.name() + ")", "fault: {tenant: " + t.name()
                + ", card: " + id + ", health: false}", List.of(new LabCommand.SetCardHealth(t.name(), id, false)),
                "", List.of(t.name()), "a card of " + t.name() + "'s worker " + w.name()));
    }

    /** The worker running the tenant's probe pod, else its first worker with a card. */
    private static @Nullable NodeView probeNode(TenantView t) {
        PodView probe = t.pod(Probes.key(Probes.RUNNING)).orElse(null);
        if (probe != null && !probe.node().isEmpty()) {
            NodeView n = t.node(probe.node()).orElse(null);
            if (n != null && !n.cards().isEmpty()) {
                return n;
            }
        }
        return t.nodes().stream().filter(n -> !n.cards().isEmpty()).findFirst().orElse(null);
    }

    /** The card of the tenant's probe pod, else the first card of {@link #probeNode}. */
    private static @Nullable String probeCard(TenantView t) {
        PodView probe = t.pod(Probes.key(Probes.RUNNING)).orElse(null);
        if (probe != null && !probe.devices().isEmpty()) {
            return probe.devices().get(0).id();
        }
        NodeView n = probeNode(t);
        return n == null ? null : n.cards().get(0).id();
    }

    private static String containers(ControlPlaneView cp) {
        return String.join(", ", cp.components().stream().map(ControlPlaneView.ComponentView::name).toList());
    }

    private static String words(Map<String, List<String>> why, String none) {
        if (why.isEmpty()) {
            return none;
        }
        List<String> parts = new ArrayList<>();
        why.forEach((t, what) -> parts.add(t + ": " + String.join(", ", what)));
        return String.join("; ", parts);
    }

    private static String names(List<String> names) {
        return String.join(", ", names);
    }
}
