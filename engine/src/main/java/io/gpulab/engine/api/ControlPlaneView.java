package io.gpulab.engine.api;

import java.util.List;

/**
 * A Kamaji TenantControlPlane.
 *
 * @param phase      Kamaji's status phase, e.g. {@code Ready}, {@code Provisioning}, {@code NotReady}
 * @param version    Kubernetes version of the hosted control plane
 * @param endpoint   the API server address (MetalLB LoadBalancer IP and port)
 * @param components per-component readiness (kube-apiserver, kube-scheduler, kube-controller-manager,
 *                   konnectivity-server)
 * @param dataStoreSchema the tenant's key prefix in the shared datastore
 */
public record ControlPlaneView(String name, String namespace, String phase, String version, String endpoint,
                               List<ComponentView> components, String dataStoreSchema) {

    public ControlPlaneView {
        components = List.copyOf(components);
    }

    /** One control-plane container or sidecar. */
    public record ComponentView(String name, boolean ready) { }
}
