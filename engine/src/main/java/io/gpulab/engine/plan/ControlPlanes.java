package io.gpulab.engine.plan;

import io.gpulab.engine.lab.ControlPlaneSpec;
import io.gpulab.engine.lab.ManagementSpec;
import org.jspecify.annotations.Nullable;

/**
 * How a candidate runs its tenants' control planes ({@code candidates[i].controlPlane}, docs/plan-format.md): hosted
 * by Kamaji on a management cluster, or one dedicated control plane per tenant (a kubeadm HA cluster of its own).
 *
 * @param management under {@link Mode#KAMAJI}, the management cluster ({@code lab.management}'s shape); else null
 * @param tcp        under {@link Mode#KAMAJI}, every tenant's TenantControlPlane spec; else null
 * @param machines   under {@link Mode#DEDICATED}, the machines of each tenant's control plane; under
 *                   {@link Mode#KAMAJI}, those of the dedicated control plane it is compared with
 *                   ({@value #KUBEADM_HA_MACHINES})
 */
public record ControlPlanes(Mode mode, @Nullable ManagementSpec management, @Nullable ControlPlaneSpec tcp,
                            int machines) {

    /** kubeadm's highly available topology: three control-plane machines (stacked etcd keeps its quorum on one). */
    public static final int KUBEADM_HA_MACHINES = 3;

    public ControlPlanes {
        if (mode == Mode.KAMAJI && (management == null || tcp == null)) {
            throw new IllegalArgumentException("a Kamaji control plane needs a management cluster and a "
                    + "TenantControlPlane");
        }
        if (machines < 1) {
            throw new IllegalArgumentException("machines must be >= 1, got " + machines);
        }
    }

    public static ControlPlanes kamaji(ManagementSpec management, ControlPlaneSpec tcp) {
        return new ControlPlanes(Mode.KAMAJI, management, tcp, KUBEADM_HA_MACHINES);
    }

    public static ControlPlanes dedicated(int machines) {
        return new ControlPlanes(Mode.DEDICATED, null, null, machines);
    }

    /** Where the tenants' control planes run. */
    public enum Mode {
        /** TenantControlPlanes on a shared management cluster. */
        KAMAJI("kamaji"),
        /** One control plane of its own machines per tenant. */
        DEDICATED("dedicated");

        private final String key;

        Mode(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }
    }
}
