package io.gpulab.engine.sim;

import io.gpulab.engine.api.PodTrace.Outcome;
import io.gpulab.engine.lab.ControlPlaneSpec;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tenant's workers whose kubelet is down ({@code fault: {tenant, node, kubelet: down}}) and what the tenant's
 * kube-controller-manager does about them (docs/kamaji-model.md, "A worker's kubelet down"): the node lifecycle
 * controller marks a node whose kubelet stopped posting status {@code Ready=Unknown} after
 * {@code --node-monitor-grace-period}, taints it {@code node.kubernetes.io/unreachable} (NoSchedule and NoExecute) and
 * marks its pods not ready; the taint-eviction controller deletes them when their default toleration (300 s,
 * DefaultTolerationSeconds) runs out. Until the taint is there, the schedulers may bind pods to the node: nothing
 * starts them. With kube-controller-manager stopped (or its API server down) nobody marks the node.
 */
final class NodeLifecycle {

    /** kube-controller-manager's {@code --node-monitor-grace-period} default since Kubernetes v1.32 (before: 40 s). */
    static final Duration GRACE = io.gpulab.engine.kamaji.NodeMonitorGrace.SINCE_1_32;
    /** The {@code node.kubernetes.io/unreachable:NoExecute} toleration DefaultTolerationSeconds gives every pod. */
    static final Duration TOLERATION = Duration.ofSeconds(300);
    static final String TAINT = "node.kubernetes.io/unreachable";
    static final String UNKNOWN_MESSAGE = "Kubelet stopped posting node status.";

    /** One worker whose kubelet is down. */
    static final class Silent {
        final Instant since;
        /** When the node lifecycle controller (as it runs now) began to wait for the node: its grace runs from here. */
        Instant graceFrom;
        /** When the taints were added, or null while the node still reads Ready. */
        @Nullable Instant taintedAt;
        /** When the taint-eviction controller (as it runs now) began to count the toleration. */
        @Nullable Instant tolerationFrom;
        /** Pods bound here after the kubelet went down: nothing started them (key to whether HAMi bound them). */
        final Map<String, Boolean> neverStarted = new LinkedHashMap<>();

        Silent(Instant since) {
            this.since = since;
            this.graceFrom = since;
        }
    }

    private final SimLab lab;
    private final SimTenant t;
    final Map<String, Silent> silent = new LinkedHashMap<>();
    /** Whether kube-controller-manager worked at the last update (a new leader waits a whole grace again). */
    private boolean controllerWorked = true;

    NodeLifecycle(SimLab lab, SimTenant t) {
        this.lab = lab;
        this.t = t;
    }

    /** The grace of the tenant's kube-controller-manager, by its version (kubernetes/kubernetes#126287, v1.32). */
    Duration grace() {
        return io.gpulab.engine.kamaji.NodeMonitorGrace.of(t.tcp.spec.version());
    }

    boolean kubeletDown(SimNode n) {
        return !silent.isEmpty() && silent.containsKey(n.name);
    }

    /** kube-controller-manager marks nodes: it works and reaches the tenant's API server. */
    private boolean controllerWorks(Instant now) {
        return t.tcp.works(ControlPlaneSpec.KUBE_CONTROLLER_MANAGER) && t.tcp.refusal(now) == null;
    }

    String kubelet(SimNode n, boolean up) {
        Instant now = lab.now();
        if (up == !silent.containsKey(n.name)) {
            return "kubelet of " + n.name + " (" + t.name + ") is already " + (up ? "up" : "down");
        }
        if (!up) {
            silent.put(n.name, new Silent(now));
            n.notes.add(downNote(now));
            n.changed();
            lab.event(t.name, "Node/" + n.name, EventLog.WARNING, "KubeletStopped", "kubelet on " + n.name
                    + " stopped: it posts no node status and renews no lease, starts no pod and reports none; the "
                    + "device plugin, which only the kubelet calls, allocates nothing. The pods there keep running as "
                    + "far as anyone can know. " + (controllerWorks(now) ? "kube-controller-manager marks the node "
                    + "Ready=Unknown and taints it " + TAINT + " " + grace().toSeconds() + " s after its last status "
                    + "(--node-monitor-grace-period), at " + now.plus(grace()) : "kube-controller-manager does not "
                    + "work: nobody marks the node, it stays Ready"), "gpulab");
            update(now);
            return "";
        }
        Silent s = silent.remove(n.name);
        n.notes.remove(downNote(s.since));
        n.changed();
        if (s.taintedAt != null) {
            untaint(n);
        }
        lab.event(t.name, "Node/" + n.name, EventLog.NORMAL, "NodeReady", "Node " + n.name + " status is now: "
                + "NodeReady" + (s.taintedAt != null ? "; kube-controller-manager removed the taints " + TAINT
                + ":NoSchedule and " + TAINT + ":NoExecute" : ""), "kubelet");
        for (SimPod p : t.pods.values()) {
            if (p.boundTo == n && p.warnings.remove(notReadyWarning(n))) {
                // the kubelet reports its pods again: Ready as its probes find them (none modelled: ready now)
                p.ready = lab.kubelet().readyNow();
                p.changed();
            }
        }
        for (Map.Entry<String, Boolean> e : s.neverStarted.entrySet()) {
            SimPod p = t.pods.get(e.getKey());
            if (p != null && p.boundTo == n && SimPod.PENDING.equals(p.phase)) {
                p.warnings.remove(neverStartedWarning(n));
                lab.kubelet().start(t, p, e.getValue());
            }
        }
        t.changed();
        lab.retryPending(t);
        return "";
    }

    /** The kubelet is down: the pod stays Pending on the node it was bound to, with no status. */
    void bound(SimNode n, SimPod p, boolean hami) {
        Silent s = silent.get(n.name);
        s.neverStarted.put(p.key(), hami);
        p.phase = SimPod.PENDING;
        p.reason = "";
        p.message = "";
        String w = neverStartedWarning(n);
        if (!p.warnings.contains(w)) {
            p.warnings.add(w);
        }
        p.changed();
        p.step("run", Outcome.WAITING, "bound to " + n.name + ", whose kubelet is down: nothing starts the pod or "
                + "calls the device plugin's Allocate; it stays Pending with spec.nodeName " + n.name + " and no "
                + "status (the API server shows no reason)", Map.of("node", n.name, "kubelet down since",
                s.since.toString()));
    }

    static String neverStartedWarning(SimNode n) {
        return "bound to " + n.name + " whose kubelet is down: never started (no kubelet, so no status update)";
    }

    static String notReadyWarning(SimNode n) {
        return "Ready=False: node " + n.name + " is Ready=Unknown (" + UNKNOWN_MESSAGE + "); whether the containers "
                + "still run is not known (no kubelet reports them)";
    }

    /** Marks, taints and evicts what is due at {@code now}; returns whether anything changed. */
    boolean update(Instant now) {
        if (silent.isEmpty()) {
            controllerWorked = controllerWorks(now);
            return false;
        }
        boolean works = controllerWorks(now);
        boolean changed = false;
        if (works && !controllerWorked) {
            // a kube-controller-manager that starts (or reaches its API server) again observes the nodes afresh
            for (Silent s : silent.values()) {
                if (s.taintedAt == null) {
                    s.graceFrom = now;
                } else {
                    s.tolerationFrom = now;
                }
            }
        }
        controllerWorked = works;
        if (!works) {
            return false;
        }
        for (Map.Entry<String, Silent> e : silent.entrySet()) {
            Silent s = e.getValue();
            SimNode n = t.nodes.get(e.getKey());
            if (s.taintedAt == null && !now.isBefore(s.graceFrom.plus(grace()))) {
                taint(n, s, now);
                changed = true;
            }
            if (s.tolerationFrom != null && !now.isBefore(s.tolerationFrom.plus(TOLERATION))) {
                for (SimPod p : new ArrayList<>(t.pods.values())) {
                    if (p.boundTo == n) {
                        evict(p);
                        changed = true;
                    }
                }
                s.tolerationFrom = null;
            }
        }
        if (changed) {
            lab.retryPending(t);
        }
        return changed;
    }

    private void taint(SimNode n, Silent s, Instant now) {
        s.taintedAt = now;
        s.tolerationFrom = now;
        n.unreachable = true;
        n.readySince = now;
        t.unreachableNodes++;
        n.notes.add(nodeNote());
        n.changed();
        lab.event(t.name, "Node/" + n.name, EventLog.NORMAL, "NodeNotReady", "Node " + n.name + " status is now: "
                + "NodeNotReady (Ready=Unknown, NodeStatusUnknown: " + UNKNOWN_MESSAGE + "); taints " + TAINT
                + ":NoSchedule and " + TAINT + ":NoExecute added; its pods are evicted at " + now.plus(TOLERATION)
                + " (tolerationSeconds 300)", "node-controller");
        for (SimPod p : t.pods.values()) {
            if (p.boundTo != n) {
                continue;
            }
            if (SimPod.RUNNING.equals(p.phase)) {
                // MarkPodsNotReady: Ready=False, no reason of its own; the transition is now
                p.ready = new io.gpulab.engine.api.StatusCondition(io.gpulab.engine.api.StatusCondition.READY,
                        io.gpulab.engine.api.StatusCondition.FALSE, "", "", now);
                p.warnings.add(notReadyWarning(n));
                p.changed();
            }
            lab.event(t.name, p.objectName(), EventLog.WARNING, "NodeNotReady", "Node is not ready",
                    "node-controller");
        }
    }

    static String downNote(Instant since) {
        return "kubelet down since " + since + " (fault): it posts no node status and starts no pod";
    }

    static String nodeNote() {
        return "Ready=Unknown (NodeStatusUnknown: " + UNKNOWN_MESSAGE + "); taints " + TAINT + ":NoSchedule, "
                + TAINT + ":NoExecute";
    }

    private void untaint(SimNode n) {
        n.unreachable = false;
        n.readySince = lab.now();
        t.unreachableNodes--;
        n.notes.remove(nodeNote());
        n.changed();
    }

    /** The taint-eviction controller deletes the pod (its containers stop once a kubelet there learns it). */
    private void evict(SimPod p) {
        String key = p.key();
        String node = p.boundTo == null ? "" : p.boundTo.name;
        lab.event(t.name, p.objectName(), EventLog.NORMAL, "TaintManagerEviction", "Marking for deletion Pod " + key,
                "taint-eviction-controller");
        lab.releaseShare(t, p);
        t.pods.remove(key);
        t.deleted.put(key, p);
        p.phase = "Deleted";
        p.step("release", Outcome.OK, "evicted from " + node + " by the taint-eviction controller: its toleration of "
                + TAINT + ":NoExecute (300 s) ran out", Map.of("node", node));
    }

    /** The next instant after {@code now} at which a node is marked or its pods evicted, or null. */
    @Nullable Instant nextEvent(Instant now) {
        if (silent.isEmpty() || !controllerWorks(now)) {
            return null;
        }
        Instant next = null;
        for (Silent s : silent.values()) {
            if (s.taintedAt == null) {
                next = SimTcp.earliest(next, s.graceFrom.plus(grace()), now);
            }
            if (s.tolerationFrom != null) {
                next = SimTcp.earliest(next, s.tolerationFrom.plus(TOLERATION), now);
            }
        }
        return next;
    }

    /** What the views list as this tenant's worker faults in effect, in the words of their steps. */
    List<String> faults() {
        List<String> out = new ArrayList<>();
        silent.keySet().forEach(n -> out.add("kubelet of " + n + ": down"));
        return out;
    }
}
