package io.gpulab.engine.isolation;

import java.util.List;

/**
 * One failure of one part of one layer, and what it did to every tenant.
 *
 * @param layer       {@code management nodes}, {@code DataStore}, {@code schema}, {@code API server},
 *                    {@code controller-manager / scheduler}, {@code Konnectivity}, {@code workers} or {@code cards}
 * @param component   the part that failed, e.g. {@code kamaji-control-plane}, {@code default (all 3 members)}
 * @param fault       the scenario steps that injected it, as a scenario states them; empty when not injected
 * @param notInjected why this failure was not injected (gpulab has no fault step for it), else empty
 * @param sharedBy    the tenants whose control plane, data or workloads depend on this part, from the lab as built
 * @param sharing     how they depend on it, in words (which pods run there, which prefixes are stored there)
 * @param affected    the tenants that lost or degraded anything against the copy without the failure
 * @param tenants     every tenant's observations after the failure (empty when not injected)
 * @param heal        the scenario steps that healed the failure (or why none was needed or known); empty when not
 *                    injected
 * @param recovery    every tenant observed again after the heal, in {@link #tenants}' order (empty when not injected)
 */
public record IsolationRow(String layer, String component, String fault, String notInjected, List<String> sharedBy,
                           String sharing, List<String> affected, List<TenantLoss> tenants, String heal,
                           List<Recovery> recovery) {

    public IsolationRow {
        sharedBy = List.copyOf(sharedBy);
        affected = List.copyOf(affected);
        tenants = List.copyOf(tenants);
        recovery = List.copyOf(recovery);
    }

    /** A row whose heal was not observed (not injected, or refused before it was observed). */
    public IsolationRow(String layer, String component, String fault, String notInjected, List<String> sharedBy,
                        String sharing, List<String> affected, List<TenantLoss> tenants) {
        this(layer, component, fault, notInjected, sharedBy, sharing, affected, tenants, "", List.of());
    }

    /** This tenant's recovery, if it was observed. */
    public java.util.Optional<Recovery> recoveryOf(String tenant) {
        return recovery.stream().filter(r -> r.tenant().equals(tenant)).findFirst();
    }

    public boolean injected() {
        return notInjected.isEmpty();
    }
}
