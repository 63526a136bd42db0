package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.Config;
import io.gpulab.engine.api.ControlPlaneView;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How to reach one tenant's API server. The {@link Config} carries credentials, so it is kept out of
 * {@link #toString()}; {@code source} says where it came from (secret name or kubeconfig path) only.
 *
 * @param controlPlane what the management cluster says about the TCP, or a placeholder for a tenant
 *                     added from its own kubeconfig
 * @param config       {@code null} when the tenant cannot be reached; {@code warnings} say why
 */
public record TenantLink(String name, ControlPlaneView controlPlane, @Nullable Config config, String source,
                         List<String> warnings) {

    public TenantLink {
        warnings = List.copyOf(warnings);
    }

    /** A tenant added from its own kubeconfig, without a management cluster. */
    public static TenantLink fromKubeconfig(String name, KubeconfigRef ref) {
        return fromKubeconfig(name, ref, null);
    }

    /**
     * A tenant reached through its own kubeconfig.
     *
     * @param controlPlane its TenantControlPlane as the management cluster reports it, or null when none is known
     */
    public static TenantLink fromKubeconfig(String name, KubeconfigRef ref, @Nullable ControlPlaneView controlPlane) {
        ControlPlaneView cp = controlPlane != null ? controlPlane
                : new ControlPlaneView(name, "", "Unknown", "", "", List.of(), "");
        try {
            return new TenantLink(name, cp, ref.load(), ref.describe(), List.of());
        } catch (ClusterException e) {
            return new TenantLink(name, cp, null, ref.describe(), List.of(e.getMessage()));
        }
    }

    @Override
    public String toString() {
        return "TenantLink[" + name + " from " + source + (config == null ? ", unreachable" : "") + "]";
    }
}
