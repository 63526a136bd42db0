package io.gpulab.engine.lab;

import java.util.List;

/**
 * One tenant: a Kamaji TenantControlPlane with its own workers.
 *
 * @param name    the TenantControlPlane name, a DNS label, e.g. {@code tenant-a}
 * @param workers the tenant's worker nodes, in scenario order
 * @throws IllegalArgumentException when the name is not a DNS label
 */
public record TenantSpec(String name, List<WorkerSpec> workers) {

    public TenantSpec {
        workers = List.copyOf(workers);
        Names.requireDnsName(name, "tenant name");
    }
}
