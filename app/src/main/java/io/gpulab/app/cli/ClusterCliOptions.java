package io.gpulab.app.cli;

import io.gpulab.engine.cluster.ClusterOptions;
import io.gpulab.engine.cluster.KubeconfigRef;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** The connection options of commands that read a real cluster ({@code why-pending}, {@code what-if}). */
final class ClusterCliOptions {

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "management-cluster kubeconfig (default: $KUBECONFIG, then ~/.kube/config)")
    @Nullable Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME", description = "kubeconfig context (default: current-context)")
    @Nullable String context;

    @Option(names = "--tenant-kubeconfig", paramLabel = "TENANT=FILE",
            description = "add a tenant from its own kubeconfig (repeatable)")
    Map<String, Path> tenantKubeconfigs = new LinkedHashMap<>();

    @Option(names = "--tenant-context", paramLabel = "TENANT=NAME",
            description = "read a tenant through this context (of its --tenant-kubeconfig, else of --kubeconfig; "
                    + "repeatable)")
    Map<String, String> tenantContexts = new LinkedHashMap<>();

    @Option(names = "--no-management", description = "read only the tenants given by --tenant-kubeconfig or "
            + "--tenant-context")
    boolean noManagement;

    ClusterOptions options() {
        KubeconfigRef mgmt = noManagement ? null : kubeconfig == null ? KubeconfigRef.kubectlDefault(context)
                : KubeconfigRef.of(kubeconfig, context);
        ClusterOptions o = mgmt == null ? ClusterOptions.tenantsOnly() : ClusterOptions.management(mgmt);
        return o.withTenants(kubeconfig, tenantKubeconfigs, tenantContexts);
    }
}
