package io.gpulab.engine.kamaji;

import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.DataStoreSpec;
import io.gpulab.engine.lab.ManagementNodeSpec;
import io.gpulab.engine.lab.ManagementSpec;
import io.gpulab.engine.lab.PodResources;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * kube-scheduler placing pods on the management nodes: TenantControlPlane pods and the DataStore's members. The
 * filters run in the default profile's order and a node fails on the first that rejects it, with that plugin's text:
 * NodeUnschedulable ({@value #UNSCHEDULABLE}, a drained node), TaintToleration ({@value #UNREACHABLE}, a lost node),
 * NodeAffinity ({@value #SELECTOR}), NodeResourcesFit ({@value #TOO_MANY_PODS}, {@value #INSUFFICIENT_CPU},
 * {@value #INSUFFICIENT_MEMORY}). Of the nodes that pass, the pod goes to the one with the fewest pods of its owner
 * (the default topology spreading of a Deployment's or StatefulSet's pods), then the most free CPU and memory
 * (LeastAllocated, pods without requests counted at kube's non-zero defaults, 100m and 200Mi), then the first by name.
 * That ordering is an approximation of kube's weighted scores, exact when the pods are alike (docs/kamaji-model.md).
 *
 * <p>One instance holds the nodes' state (what runs where, which are drained or lost); the plans ask
 * {@link #capacity} instead.
 */
public final class ManagementFit {

    public static final String UNSCHEDULABLE = "node(s) were unschedulable";
    public static final String UNREACHABLE = "node(s) had untolerated taint {node.kubernetes.io/unreachable: }";
    public static final String SELECTOR = "node(s) didn't match Pod's node affinity/selector";
    public static final String TOO_MANY_PODS = "Too many pods";
    public static final String INSUFFICIENT_CPU = "Insufficient cpu";
    public static final String INSUFFICIENT_MEMORY = "Insufficient memory";
    private static final long NONZERO_CPU = 100;
    private static final long NONZERO_MEMORY = 200L << 20;

    /** A node's condition as the scheduler sees it. */
    public enum NodeState {
        READY,
        /** {@code kubectl drain}: cordoned ({@code spec.unschedulable}), its pods evicted. */
        CORDONED,
        /** Gone: NotReady, tainted {@code node.kubernetes.io/unreachable}. */
        UNREACHABLE
    }

    private final Map<String, Node> nodes = new LinkedHashMap<>();

    public ManagementFit(List<ManagementNodeSpec> specs) {
        specs.forEach(s -> nodes.put(s.name(), new Node(s)));
    }

    private static final class Node {
        final ManagementNodeSpec spec;
        NodeState state = NodeState.READY;
        long cpu;
        long memory;
        long scoreCpu;
        long scoreMemory;
        int pods;
        final Map<String, Integer> owners = new HashMap<>();

        Node(ManagementNodeSpec spec) {
            this.spec = spec;
        }

        long freeCpu() {
            return spec.cpu() * 1000L - cpu;
        }

        long freeMemory() {
            return (long) spec.memoryMiB() * (1L << 20) - memory;
        }
    }

    /**
     * The scheduler's decision for one pod.
     *
     * @param node        the node chosen, or null when none fits
     * @param message     kube-scheduler's {@code FailedScheduling} text when none fits, else empty
     * @param failedNodes per node that failed, its reasons
     */
    public record Decision(@Nullable String node, String message, Map<String, String> failedNodes) {
        public Decision {
            failedNodes = java.util.Collections.unmodifiableMap(new TreeMap<>(failedNodes));
        }
    }

    public void state(String node, NodeState s) {
        require(node).state = s;
    }

    public NodeState state(String node) {
        return require(node).state;
    }

    /** Counts ({@code sign} 1) or releases ({@code -1}) a pod of {@code owner} bound to {@code node}. */
    public void hold(String node, String owner, PodResources r, int sign) {
        Node n = require(node);
        n.cpu += sign * r.cpuMilli();
        n.memory += sign * r.memoryBytes();
        n.scoreCpu += sign * Math.max(r.cpuMilli(), NONZERO_CPU);
        n.scoreMemory += sign * Math.max(r.memoryBytes(), NONZERO_MEMORY);
        n.pods += sign;
        n.owners.merge(owner, sign, Integer::sum);
    }

    /** Requests held on the node (CPU millicores, memory bytes) and its pod count. */
    public PodResources used(String node) {
        Node n = require(node);
        return new PodResources(n.cpu, n.memory);
    }

    public int pods(String node) {
        return require(node).pods;
    }

    /** Where the scheduler would bind a pod of {@code owner} with this request; nothing is held. */
    public Decision place(String owner, PodResources r, Map<String, String> nodeSelector) {
        Map<String, String> failed = new LinkedHashMap<>();
        Node best = null;
        for (Node n : nodes.values()) {
            String why = misfit(n, r, nodeSelector);
            if (why != null) {
                failed.put(n.spec.name(), why);
            } else if (best == null || better(n, best, owner, r)) {
                best = n;
            }
        }
        if (best != null) {
            return new Decision(best.spec.name(), "", Map.of());
        }
        return new Decision(null, FitError.of(nodes.size(), failed), failed);
    }

    private static @Nullable String misfit(Node n, PodResources r, Map<String, String> selector) {
        if (n.state == NodeState.CORDONED) {
            return UNSCHEDULABLE;
        }
        if (n.state == NodeState.UNREACHABLE) {
            return UNREACHABLE;
        }
        for (Map.Entry<String, String> e : selector.entrySet()) {
            if (!e.getValue().equals(n.spec.labels().get(e.getKey()))) {
                return SELECTOR;
            }
        }
        List<String> out = new ArrayList<>(3);
        if (n.pods + 1 > n.spec.maxPods()) {
            out.add(TOO_MANY_PODS);
        }
        if (r.cpuMilli() > 0 && r.cpuMilli() > n.freeCpu()) {
            out.add(INSUFFICIENT_CPU);
        }
        if (r.memoryBytes() > 0 && r.memoryBytes() > n.freeMemory()) {
            out.add(INSUFFICIENT_MEMORY);
        }
        return out.isEmpty() ? null : String.join(", ", out);
    }

    private static boolean better(Node a, Node b, String owner, PodResources r) {
        int oa = a.owners.getOrDefault(owner, 0);
        int ob = b.owners.getOrDefault(owner, 0);
        if (oa != ob) {
            return oa < ob;
        }
        long sa = leastAllocated(a, r);
        long sb = leastAllocated(b, r);
        return sa != sb ? sa > sb : a.spec.name().compareTo(b.spec.name()) < 0;
    }

    /** kube's LeastAllocated score (0-100), CPU and memory weighted alike. */
    private static long leastAllocated(Node n, PodResources r) {
        long capCpu = n.spec.cpu() * 1000L;
        long capMem = (long) n.spec.memoryMiB() * (1L << 20);
        long cpu = n.scoreCpu + Math.max(r.cpuMilli(), NONZERO_CPU);
        long mem = n.scoreMemory + Math.max(r.memoryBytes(), NONZERO_MEMORY);
        long sc = cpu >= capCpu ? 0 : (capCpu - cpu) * 100 / capCpu;
        long sm = mem >= capMem ? 0 : (capMem - mem) * 100 / capMem;
        return (sc + sm) / 2;
    }

    private Node require(String node) {
        Node n = nodes.get(node);
        if (n == null) {
            throw new IllegalArgumentException("management node \"" + node + "\" not found (nodes: "
                    + String.join(", ", nodes.keySet()) + ")");
        }
        return n;
    }

    // ---- capacity: what a management cluster holds (the plans' question) ----

    /**
     * One TenantControlPlane's demand on the management nodes.
     *
     * @param podRequest what each of its pods requests ({@link TcpPodTemplate#request()})
     * @param surge      pods a rollout adds above {@code replicas} ({@code maxSurge}; 100 % by default)
     */
    public record Demand(String name, PodResources podRequest, int replicas, int surge,
                         Map<String, String> nodeSelector) {

        /** The demand of a tenant's control plane on this management cluster. */
        public static Demand of(String name, ControlPlaneSpec cp, ManagementSpec m) {
            DataStoreSpec ds = m.dataStoreOf(cp);
            int replicas = cp.replicas();
            int surge = ControlPlaneSpec.Strategy.RECREATE.equals(cp.strategy().type()) ? 0
                    : cp.strategy().surge(replicas);
            return new Demand(name, TcpPodTemplate.of(cp, ds).request(), replicas, surge, cp.nodeSelector());
        }

        /** Requests of all its replicas (the control plane's running cost). */
        public PodResources total() {
            return podRequest.times(replicas);
        }
    }

    /**
     * How one control plane fits.
     *
     * @param placed     replicas bound (of {@code replicas})
     * @param surgeFits  whether a rollout's extra pods also fit on what all the control planes leave
     * @param message    kube-scheduler's text for the first replica or surge pod that did not fit, else empty
     */
    public record TcpFit(String name, int placed, int replicas, boolean surgeFits, String message) {
        public boolean fits() {
            return placed == replicas;
        }
    }

    /**
     * The management cluster's answer.
     *
     * @param tcps  per control plane, in the order given
     * @param nodes per node, the requests of the pods placed there (CPU millicores, memory bytes)
     */
    public record Capacity(List<TcpFit> tcps, Map<String, PodResources> nodes) {
        public Capacity {
            tcps = List.copyOf(tcps);
            nodes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
        }

        public boolean allFit() {
            return tcps.stream().allMatch(t -> t.fits() && t.surgeFits());
        }
    }

    /**
     * Places the DataStores' in-cluster members, then every replica of every control plane in the order given, as
     * the scheduler would one pod at a time; then, for each control plane alone, whether the pods its rollout adds
     * (its surge) fit on what is left (an upgrade of one tenant at a time).
     */
    public static Capacity capacity(ManagementSpec m, List<Demand> tcps) {
        ManagementFit fit = new ManagementFit(m.nodes());
        for (DataStoreSpec ds : m.dataStores()) {
            for (DataStoreSpec.Member member : ds.members()) {
                if (member.inCluster()) {
                    Decision d = fit.place(ds.name(), PodResources.NONE, Map.of());
                    if (d.node() != null) {
                        fit.hold(d.node(), ds.name(), PodResources.NONE, 1);
                    }
                }
            }
        }
        List<int[]> placedCounts = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        for (Demand t : tcps) {
            int placed = 0;
            String msg = "";
            for (int i = 0; i < t.replicas(); i++) {
                Decision d = fit.place(t.name(), t.podRequest(), t.nodeSelector());
                if (d.node() == null) {
                    msg = d.message();
                    break;
                }
                fit.hold(d.node(), t.name(), t.podRequest(), 1);
                placed++;
            }
            placedCounts.add(new int[] {placed});
            messages.add(msg);
        }
        List<TcpFit> out = new ArrayList<>();
        for (int k = 0; k < tcps.size(); k++) {
            Demand t = tcps.get(k);
            List<String> held = new ArrayList<>();
            String msg = messages.get(k);
            boolean surgeFits = true;
            for (int i = 0; i < t.surge(); i++) {
                Decision d = fit.place(t.name(), t.podRequest(), t.nodeSelector());
                if (d.node() == null) {
                    surgeFits = false;
                    if (msg.isEmpty()) {
                        msg = d.message();
                    }
                    break;
                }
                fit.hold(d.node(), t.name(), t.podRequest(), 1);
                held.add(d.node());
            }
            held.forEach(n -> fit.hold(n, t.name(), t.podRequest(), -1));
            out.add(new TcpFit(t.name(), placedCounts.get(k)[0], t.replicas(), surgeFits, msg));
        }
        Map<String, PodResources> nodes = new LinkedHashMap<>();
        m.nodes().forEach(n -> nodes.put(n.name(), fit.used(n.name())));
        return new Capacity(out, nodes);
    }
}
