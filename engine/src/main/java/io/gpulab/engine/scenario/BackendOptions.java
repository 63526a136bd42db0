package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

import java.nio.file.Path;
import java.util.Map;

/**
 * What a backend may need besides the lab: for {@code cluster}, the management cluster's kubeconfig
 * and context ({@code null} = the usual defaults: {@code $KUBECONFIG}, {@code ~/.kube/config}, current context), and
 * tenants read through their own kubeconfig or context.
 *
 * @param tenantKubeconfigs {@code --tenant-kubeconfig TENANT=FILE}
 * @param tenantContexts    {@code --tenant-context TENANT=NAME}: the context of the tenant's file, else of
 *                          {@code kubeconfig}
 * @param noManagement      read only those tenants, no management cluster
 */
public record BackendOptions(@Nullable Path kubeconfig, @Nullable String context, boolean allowWrites,
                             Map<String, Path> tenantKubeconfigs, Map<String, String> tenantContexts,
                             boolean noManagement) {

    public BackendOptions {
        tenantKubeconfigs = Map.copyOf(tenantKubeconfigs);
        tenantContexts = Map.copyOf(tenantContexts);
    }

    /** The management cluster only (its tenants from their TenantControlPlanes' admin kubeconfigs). */
    public BackendOptions(@Nullable Path kubeconfig, @Nullable String context, boolean allowWrites) {
        this(kubeconfig, context, allowWrites, Map.of(), Map.of(), false);
    }

    /** Read-only options (writes to a real cluster need {@code --allow-writes}). */
    public BackendOptions(@Nullable Path kubeconfig, @Nullable String context) {
        this(kubeconfig, context, false);
    }

    /** No options: what {@code sim} needs. */
    public static final BackendOptions NONE = new BackendOptions(null, null);
}
