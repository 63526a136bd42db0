package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Pod;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A live cluster's GPU pods as a plan's workload: minimal manifests (resources and annotations only) read
 * through the cluster backend's watches; nothing is written to the cluster.
 */
public final class ClusterWorkload {

    private ClusterWorkload() {
    }

    /**
     * Every GPU pod of every tenant (or only the unbound pending ones), tenant by tenant.
     *
     * @throws ClusterException when the cluster, or one of its tenants, could not be read: a workload without that
     *                          tenant's pods would be answered as if it were the whole cluster's
     */
    public static List<Map<String, Object>> gpuPods(ClusterBackend backend, boolean pendingOnly) {
        backend.requireEveryTenant("its pods would be missing from the workload");
        List<Map<String, Object>> out = new ArrayList<>();
        for (TenantLink link : backend.tenantLinks()) {
            TenantWatch w = backend.watch(link.name());
            if (w == null) {
                continue; // connected and gone again since the check: requireEveryTenant said so then
            }
            for (Pod p : w.pods()) {
                if (!PodDecoder.wantsGpu(p)) {
                    continue;
                }
                String phase = p.getStatus() == null ? "Pending" : p.getStatus().getPhase();
                if ("Succeeded".equals(phase) || "Failed".equals(phase)) {
                    continue;
                }
                boolean pending = "Pending".equals(phase) && p.getSpec().getNodeName() == null;
                if (!pendingOnly || pending) {
                    out.add(WhatIf.manifest(p));
                }
            }
        }
        return out;
    }
}
