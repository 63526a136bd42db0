package io.gpulab.engine.api;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The whole lab at one moment. {@code version} increases with every change.
 *
 * @param backend      {@code sim}, {@code kind} or {@code cluster}
 * @param scenario     the scenario name
 * @param now          the lab clock (virtual in sim)
 * @param management   the management cluster: Kamaji, the datastore, MetalLB
 * @param tenants      tenants in scenario order
 * @param lifecycle    mock device plugin lifecycle: {@code complete} or {@code article}
 */
public record LabSnapshot(long version, String backend, String scenario, Instant now, ManagementView management,
                          List<TenantView> tenants, String lifecycle) {

    public LabSnapshot {
        tenants = List.copyOf(tenants);
    }

    public Optional<TenantView> tenant(String name) {
        return tenants.stream().filter(t -> t.name().equals(name)).findFirst();
    }
}
