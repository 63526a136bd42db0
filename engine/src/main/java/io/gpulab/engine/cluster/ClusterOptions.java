package io.gpulab.engine.cluster;

import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * How to open a real lab. Holds kubeconfig paths and context names only, never their content, so it
 * may be saved in a workspace and printed.
 *
 * @param management      the management cluster, or {@code null} for tenants given only by their own kubeconfig
 * @param tenants         extra tenants by name, each from its own kubeconfig
 * @param allowWrites     submit/delete pods and remove node locks; false = read-only (the default)
 * @param backendId       {@code cluster}, or {@code kind} when the kind backend hands its lab over
 * @param nodeLockExpire  HAMi's {@code nodeLockExpire}, to show when a lock may be taken over
 * @param syncTimeout     one deadline for connecting: discovery and every tenant's first list, in parallel
 * @param decisionTimeout how long a submit waits for the cluster to decide about the pod (running, or a
 *                        scheduling failure): a real scheduler answers in seconds, not at once
 */
public record ClusterOptions(@Nullable KubeconfigRef management, Map<String, KubeconfigRef> tenants,
                             boolean allowWrites, String backendId, Duration nodeLockExpire, Duration syncTimeout,
                             Duration decisionTimeout) {

    static final Duration DEFAULT_DECISION_TIMEOUT = Duration.ofSeconds(90);

    public ClusterOptions {
        tenants = Map.copyOf(tenants);
    }

    /** Read-only access through a management cluster kubeconfig. */
    public static ClusterOptions management(KubeconfigRef ref) {
        return new ClusterOptions(ref, Map.of(), false, "cluster", Duration.ofMinutes(5), Duration.ofSeconds(20),
                DEFAULT_DECISION_TIMEOUT);
    }

    /** Read-only access to no tenant yet: add them with {@link #withTenant}. */
    public static ClusterOptions tenantsOnly() {
        return new ClusterOptions(null, Map.of(), false, "cluster", Duration.ofMinutes(5), Duration.ofSeconds(20),
                DEFAULT_DECISION_TIMEOUT);
    }

    public ClusterOptions withWrites(boolean allow) {
        return new ClusterOptions(management, tenants, allow, backendId, nodeLockExpire, syncTimeout, decisionTimeout);
    }

    public ClusterOptions withTenant(String name, KubeconfigRef ref) {
        var m = new java.util.LinkedHashMap<>(tenants);
        m.put(name, ref);
        return new ClusterOptions(management, m, allowWrites, backendId, nodeLockExpire, syncTimeout, decisionTimeout);
    }

    /**
     * Adds each tenant named in {@code files} ({@code --tenant-kubeconfig}) or {@code contexts}
     * ({@code --tenant-context}): its own file, else {@code kubeconfig} (the management cluster's), else kubectl's
     * default, at its context, else that file's current one.
     */
    public ClusterOptions withTenants(java.nio.file.@Nullable Path kubeconfig, Map<String, java.nio.file.Path> files,
                                      Map<String, String> contexts) {
        java.util.Set<String> names = new java.util.LinkedHashSet<>(files.keySet());
        names.addAll(contexts.keySet());
        ClusterOptions o = this;
        for (String t : names) {
            java.nio.file.Path f = files.getOrDefault(t, kubeconfig);
            String ctx = contexts.get(t);
            o = o.withTenant(t, f == null ? KubeconfigRef.kubectlDefault(ctx) : KubeconfigRef.of(f, ctx));
        }
        return o;
    }

    public ClusterOptions withBackendId(String id) {
        return new ClusterOptions(management, tenants, allowWrites, id, nodeLockExpire, syncTimeout, decisionTimeout);
    }

    /** The one deadline for connecting: discovery, every tenant's client and first list, in parallel. */
    public ClusterOptions withSyncTimeout(Duration timeout) {
        return new ClusterOptions(management, tenants, allowWrites, backendId, nodeLockExpire, timeout, decisionTimeout);
    }

    public ClusterOptions withDecisionTimeout(Duration timeout) {
        return new ClusterOptions(management, tenants, allowWrites, backendId, nodeLockExpire, syncTimeout, timeout);
    }
}
