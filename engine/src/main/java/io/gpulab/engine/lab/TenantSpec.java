package io.gpulab.engine.lab;

import java.util.List;
import java.util.Map;

/**
 * One tenant: a Kamaji TenantControlPlane with its own workers.
 *
 * @param name    the TenantControlPlane name, a DNS label, e.g. {@code tenant-a}
 * @param workers the tenant's worker nodes, in scenario order
 * @param quotas  the namespaces' ResourceQuotas HAMi enforces ({@code resourceQuotas})
 * @param pods    Pod manifests that already exist without a node (e.g. Pending pods of a snapshot)
 * @param hami    this tenant's own HAMi settings ({@code tenants[].hami}; each tenant runs its own HAMi), or
 *                {@code null} for the lab's
 * @param controlPlane its TenantControlPlane ({@code tenants[].controlPlane}; {@link ControlPlaneSpec#defaults()}
 *                when the scenario states none)
 * @throws IllegalArgumentException when the name is not a DNS label
 */
public record TenantSpec(String name, List<WorkerSpec> workers, List<QuotaSpec> quotas,
                         List<Map<String, Object>> pods, @org.jspecify.annotations.Nullable HamiSettings hami,
                         ControlPlaneSpec controlPlane) {

    /** A tenant on the lab's HAMi settings. */
    public TenantSpec(String name, List<WorkerSpec> workers, List<QuotaSpec> quotas, List<Map<String, Object>> pods) {
        this(name, workers, quotas, pods, null);
    }

    /** A tenant with the default control plane. */
    public TenantSpec(String name, List<WorkerSpec> workers, List<QuotaSpec> quotas, List<Map<String, Object>> pods,
                      @org.jspecify.annotations.Nullable HamiSettings hami) {
        this(name, workers, quotas, pods, hami, ControlPlaneSpec.defaults());
    }

    /** The same tenant with other workers (what-if copies, snapshots). */
    public TenantSpec withWorkers(List<WorkerSpec> w) {
        return new TenantSpec(name, w, quotas, pods, hami, controlPlane);
    }

    /** The same tenant with other pods stated up front. */
    public TenantSpec withPods(List<Map<String, Object>> p) {
        return new TenantSpec(name, workers, quotas, p, hami, controlPlane);
    }

    /** The same tenant with another control plane (an upgrade, write permissions). */
    public TenantSpec withControlPlane(ControlPlaneSpec cp) {
        return new TenantSpec(name, workers, quotas, pods, hami, cp);
    }

    /** A worker's kubelet version: its own, or (not stated) the control plane's, as kubeadm join installs it. */
    public KubeVersion kubeletOf(WorkerSpec w) {
        return w.kubeletVersion() != null ? w.kubeletVersion() : controlPlane.version();
    }

    /** The HAMi settings this tenant runs with. */
    public HamiSettings hamiOr(HamiSettings lab) {
        return hami != null ? hami : lab;
    }

    public TenantSpec {
        workers = List.copyOf(workers);
        quotas = List.copyOf(quotas);
        pods = List.copyOf(pods);
        Names.requireDnsName(name, "tenant name");
    }

    /** A tenant without quotas or existing pods. */
    public TenantSpec(String name, List<WorkerSpec> workers) {
        this(name, workers, List.of(), List.of(), null, ControlPlaneSpec.defaults());
    }
}
