package io.gpulab.engine.sim;

import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.api.TunnelView;
import io.gpulab.scheduler.model.NodeInfo;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One tenant: its TenantControlPlane, Konnectivity tunnel, webhook failurePolicy and the object store
 * of its own API server (nodes, pods). Nothing here can reach another tenant's objects.
 */
final class SimTenant {

    final String name;
    /** Its TenantControlPlane in the management cluster. */
    final SimTcp tcp;
    /** The konnectivity agents are connected (a fault takes them down). */
    boolean agentsUp = true;
    String failurePolicy;
    final Map<String, SimNode> nodes = new LinkedHashMap<>();
    /** Pods in creation order; rejected creates stay listed (phase Rejected) until resubmitted. */
    final Map<String, SimPod> pods = new LinkedHashMap<>();
    /** Deleted pods by key, so their trace (ending in release) stays readable. */
    final Map<String, SimPod> deleted = new HashMap<>();
    /** Pending pods by creation order: the scheduling queue. */
    final PendingQueue pending = new PendingQueue();
    /** Card id to its node (ids are unique within a tenant). */
    final Map<String, SimNode> cardNode = new HashMap<>();
    /** Nodes in order, for index-based caches. */
    final List<SimNode> nodeList = new ArrayList<>();
    private final List<NodeInfo> infos = new ArrayList<>();
    private final java.util.BitSet staleInfos = new java.util.BitSet();
    private final java.util.BitSet staleViews = new java.util.BitSet();
    private @Nullable List<NodeView> nodeViews;
    private NodeView[] nodeViewArray = new NodeView[0];
    /** The order in which nodes changed, read by the indexes below. */
    final NodeJournal journal = new NodeJournal();
    final FitIndex fits = new FitIndex(journal);
    /** kube-scheduler's choice per request for pods it places alone (see DefaultScheduler). */
    final PlaceIndex places = new PlaceIndex(journal);
    /** The tenant's cards summed for reasons in words. */
    final PlainWords words = new PlainWords();
    /** Scratch for kube-scheduler's NodeResourcesFit pass of one pod. */
    final KubeScan kube = new KubeScan(journal);
    /** HAMi's failed answers by request, kept while the nodes that changed still say the same (see Scheduling). */
    final FailureMemo failureMemo = new FailureMemo(journal);
    /** How many nodes pass kube and fit HAMi, per pair of their kept answers (see ExtenderPass). */
    final FitCounts fitCounts = new FitCounts(journal);
    /** Nodes holding the kubelet's max pods (so a pod without CPU or memory requests can skip the scan). */
    private int podsFullNodes;
    /**
     * Each node's {@link SimNode#allocatedMilli()} and their sum, kept up to date on every node change: a curve's
     * sample then costs nothing, where summing 40,000 cards when asked took ~1.7 ms a sample (140 ms of a 5,000-node
     * run's 83 samples).
     */
    private long[] nodeMilli = new long[0];
    private long allocatedMilli;
    private int @Nullable [] byName;
    /** Bumped whenever a node changes. */
    private long nodeVersion;
    /** kube-scheduler's failed decisions by request, valid while no node changes (see Scheduling). */
    private final Map<Object, DefaultScheduler.Decision> plainFailures = new HashMap<>();
    private long failuresVersion = -1;
    /** Distinct failed requests remembered at most (the lab's requests repeat; a burst of unique ones must not grow). */
    private static final int MAX_FAILURES = 256;
    /** The namespaces' ResourceQuotas (scenario {@code resourceQuotas}); HAMi enforces their GPU limits. */
    List<io.gpulab.engine.lab.QuotaSpec> quotas = List.of();
    /** The resource names and memoryFactor the quotas are read with. */
    io.gpulab.scheduler.model.ResourceNames quotaNames = io.gpulab.scheduler.model.ResourceNames.DEFAULTS;
    int quotaFactor = 1;
    private boolean dirty = true;
    private @Nullable TenantView view;

    /** This tenant's HAMi (each tenant runs its own): settings and the scheduler's view of them. */
    io.gpulab.engine.lab.HamiSettings hami = io.gpulab.engine.lab.HamiSettings.DEFAULTS;
    io.gpulab.scheduler.model.SchedulerConfig cfg = hami.toSchedulerConfig();

    /** Workers whose kubelet is down, and the node lifecycle controller's marks on them. */
    final NodeLifecycle lifecycle;
    /** Workers tainted {@code node.kubernetes.io/unreachable} (kube-scheduler's TaintToleration refuses them). */
    int unreachableNodes;

    SimTenant(SimLab lab, String name, SimTcp tcp, String failurePolicy) {
        this.name = name;
        this.tcp = tcp;
        this.failurePolicy = failurePolicy;
        this.lifecycle = new NodeLifecycle(lab, this);
    }

    void changed() {
        dirty = true;
    }

    /**
     * Why HAMi's webhook cannot be reached through Konnectivity now ({@code No agent available}, or the webhook's
     * timeout without the addon), or null when it can.
     */
    @Nullable String tunnelCause() {
        return agentsUp ? tcp.tunnelCause(tcp.mgmt.now()) : "No agent available";
    }

    /**
     * A write by a client of this tenant ({@code kubectl delete}, {@code annotate}): refused with the client's text
     * when the API server does not answer, its DataStore has no quorum, or Kamaji's write-permissions webhook
     * denies the verb.
     *
     * @throws IllegalArgumentException with that text (the command is refused, nothing changes)
     */
    void requireWrite(java.time.Instant now, String verb, String namespace) {
        String refusal = tcp.refusal(now);
        if (refusal == null) {
            refusal = tcp.writeRefusal(verb, namespace);
        }
        if (refusal != null) {
            throw new IllegalArgumentException(name + ": " + refusal);
        }
    }

    String tunnelError() {
        String cause = tunnelCause();
        return cause == null ? "" : Admission.webhookError(cause);
    }

    /** Adds a worker (at build time). */
    void addNode(SimNode n) {
        n.index = nodeList.size();
        nodes.put(n.name, n);
        nodeList.add(n);
        infos.add(n.info());
        byName = null;
        kube.add(n);
        if (nodeMilli.length == n.index) {
            nodeMilli = java.util.Arrays.copyOf(nodeMilli, Math.max(16, n.index * 2));
        }
        nodeMilli[n.index] = n.allocatedMilli();
        allocatedMilli += nodeMilli[n.index];
        n.onFull(d -> podsFullNodes += d);
        n.onChange(changed -> {
            long m = changed.allocatedMilli();
            allocatedMilli += m - nodeMilli[changed.index];
            nodeMilli[changed.index] = m;
            staleInfos.set(changed.index);
            staleViews.set(changed.index);
            journal.changed(changed.index);
            kube.update(changed);
            nodeVersion++;
            dirty = true;
        });
    }

    /** Moves on whenever a node changes. */
    long nodeVersion() {
        return nodeVersion;
    }

    /** GPU-milli the tenant's cards hold (the lab metrics' GPU allocation, without a snapshot). */
    long allocatedMilli() {
        return allocatedMilli;
    }

    /**
     * kube-scheduler's failed decisions for pods it places alone, by request, as of the nodes' current state (emptied
     * when any node has changed since, or when too many distinct requests failed).
     */
    Map<Object, DefaultScheduler.Decision> plainFailures() {
        if (failuresVersion != nodeVersion || plainFailures.size() > MAX_FAILURES) {
            plainFailures.clear();
            failuresVersion = nodeVersion;
        }
        return plainFailures;
    }

    /**
     * Runs kube-scheduler's NodeResourcesFit for the pod on every node into {@link #kube} (from the per-request index,
     * or by a pass over every node when {@code plain}: the reference filter's path); returns the failures.
     */
    int kubeScan(HostRequests r, boolean plain) {
        if (r.none() && podsFullNodes == 0 && unreachableNodes == 0) {
            kube.none();
            return 0;
        }
        return plain ? kube.scanPlain(r) : kube.scan(r);
    }

    /** Node indices in node-name order (kube and HAMi list nodes sorted by name). */
    int[] byName() {
        int[] b = byName;
        if (b == null) {
            b = java.util.stream.IntStream.range(0, nodeList.size()).boxed()
                    .sorted(java.util.Comparator.comparing(i -> nodeList.get(i).name))
                    .mapToInt(Integer::intValue).toArray();
            byName = b;
        }
        return b;
    }

    /** HAMi's node infos for the filter, in node order; only nodes changed since the last call are rebuilt. */
    List<NodeInfo> nodeInfos() {
        for (int i = staleInfos.nextSetBit(0); i >= 0; i = staleInfos.nextSetBit(i + 1)) {
            infos.set(i, nodeList.get(i).info());
        }
        staleInfos.clear();
        return java.util.Collections.unmodifiableList(infos);
    }

    /** The nodes' views in node order: only nodes changed since the last call are asked again. */
    List<NodeView> nodeViews(Duration lockExpire) {
        List<NodeView> nv = nodeViews;
        if (nv == null || !staleViews.isEmpty()) {
            // only changed nodes are asked again (the others' views are cached and unchanged), so a step on
            // a 1,000-node lab costs one array copy, not a walk over every node
            if (nodeViewArray.length != nodeList.size()) {
                nodeViewArray = new NodeView[nodeList.size()];
                staleViews.set(0, nodeList.size());
            }
            for (int k = staleViews.nextSetBit(0); k >= 0; k = staleViews.nextSetBit(k + 1)) {
                nodeViewArray[k] = nodeList.get(k).view(lockExpire);
            }
            nv = List.of(nodeViewArray);
            nodeViews = nv;
            staleViews.clear();
        }
        return nv;
    }

    TenantView view(Duration lockExpire) {
        TenantView v = view;
        if (v == null || dirty) {
            List<NodeView> nv = nodeViews(lockExpire);
            // an array handed to List.of is the only copy: TenantView keeps an immutable list as it is
            PodView[] pa = new PodView[pods.size()];
            int i = 0;
            for (SimPod p : pods.values()) {
                pa[i++] = p.view();
            }
            List<PodView> pv = List.of(pa);
            String tunnel = tunnelError();
            v = new TenantView(name, tcp.view(tcp.mgmt.now()), new TunnelView(agentsUp, tunnel.isEmpty(), tunnel),
                    failurePolicy, nv, pv);
            if (!quotas.isEmpty()) {
                v = v.withQuotas(SimQuotas.views(this, quotaNames, quotaFactor));
            }
            view = v;
            dirty = false;
        }
        return v;
    }
}
