package io.gpulab.engine.sim;

import io.gpulab.engine.api.ControlPlaneView;
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
import java.util.TreeMap;

/**
 * One tenant: its TenantControlPlane, Konnectivity tunnel, webhook failurePolicy and the object store
 * of its own API server (nodes, pods). Nothing here can reach another tenant's objects.
 */
final class SimTenant {

    final String name;
    final ControlPlaneView controlPlane;
    boolean agentsUp = true;
    String failurePolicy;
    final Map<String, SimNode> nodes = new LinkedHashMap<>();
    /** Pods in creation order; rejected creates stay listed (phase Rejected) until resubmitted. */
    final Map<String, SimPod> pods = new LinkedHashMap<>();
    /** Deleted pods by key, so their trace (ending in release) stays readable. */
    final Map<String, SimPod> deleted = new HashMap<>();
    /** Pending pods by creation order: the scheduling queue. */
    final TreeMap<Long, SimPod> pending = new TreeMap<>();
    /** Card id to its node (ids are unique within a tenant). */
    final Map<String, SimNode> cardNode = new HashMap<>();
    /** Nodes in order, for index-based caches. */
    final List<SimNode> nodeList = new ArrayList<>();
    private final List<NodeInfo> infos = new ArrayList<>();
    private final java.util.BitSet staleInfos = new java.util.BitSet();
    private final java.util.BitSet staleViews = new java.util.BitSet();
    private @Nullable List<NodeView> nodeViews;
    final FitIndex fits = new FitIndex();
    private boolean dirty = true;
    private @Nullable TenantView view;

    SimTenant(String name, ControlPlaneView controlPlane, String failurePolicy) {
        this.name = name;
        this.controlPlane = controlPlane;
        this.failurePolicy = failurePolicy;
    }

    void changed() {
        dirty = true;
    }

    String tunnelError() {
        return agentsUp ? "" : Admission.webhookError();
    }

    /** Adds a worker (at build time). */
    void addNode(SimNode n) {
        n.index = nodeList.size();
        nodes.put(n.name, n);
        nodeList.add(n);
        infos.add(n.info());
        n.onChange(changed -> {
            staleInfos.set(changed.index);
            staleViews.set(changed.index);
            fits.nodeChanged(changed.index);
            dirty = true;
        });
    }

    /** HAMi's node infos for the filter, in node order; only nodes changed since the last call are rebuilt. */
    List<NodeInfo> nodeInfos() {
        for (int i = staleInfos.nextSetBit(0); i >= 0; i = staleInfos.nextSetBit(i + 1)) {
            infos.set(i, nodeList.get(i).info());
        }
        staleInfos.clear();
        return java.util.Collections.unmodifiableList(infos);
    }

    TenantView view(Duration lockExpire) {
        TenantView v = view;
        if (v == null || dirty) {
            List<NodeView> nv = nodeViews;
            if (nv == null || !staleViews.isEmpty()) {
                // only changed nodes build a new view; the others hand back their cached one
                List<NodeView> fresh = new ArrayList<>(nodeList.size());
                nodeList.forEach(n -> fresh.add(n.view(lockExpire)));
                nv = List.copyOf(fresh);
                nodeViews = nv;
                staleViews.clear();
            }
            List<PodView> pv = new ArrayList<>(pods.size());
            pods.values().forEach(p -> pv.add(p.view()));
            v = new TenantView(name, controlPlane, new TunnelView(agentsUp, agentsUp, tunnelError()), failurePolicy,
                    nv, pv);
            view = v;
            dirty = false;
        }
        return v;
    }
}
