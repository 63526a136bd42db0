package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/**
 * Kamaji's custom resources as typeless contexts: the mock server (and clusters without discovery
 * access) need an explicit {@link ResourceDefinitionContext} rather than discovery by apiVersion/kind.
 */
public final class KamajiResources {

    /** {@code kamaji.clastix.io/v1alpha1 TenantControlPlane}, namespaced. */
    public static final ResourceDefinitionContext TENANT_CONTROL_PLANE = new ResourceDefinitionContext.Builder()
            .withGroup("kamaji.clastix.io").withVersion("v1alpha1").withKind("TenantControlPlane")
            .withPlural("tenantcontrolplanes").withNamespaced(true).build();

    /** {@code kamaji.clastix.io/v1alpha1 DataStore}, cluster-scoped. */
    public static final ResourceDefinitionContext DATA_STORE = new ResourceDefinitionContext.Builder()
            .withGroup("kamaji.clastix.io").withVersion("v1alpha1").withKind("DataStore")
            .withPlural("datastores").withNamespaced(false).build();

    /** The data key of the admin kubeconfig meant for clients outside the management cluster. */
    public static final String ADMIN_CONF_KEY = "admin.conf";

    private KamajiResources() {
    }

    /** The secret Kamaji writes for a TCP when its status does not name one. */
    public static String adminSecretName(String tcpName) {
        return tcpName + "-admin-kubeconfig";
    }
}
