package io.gpulab.app.cli;

import io.gpulab.engine.scenario.BackendOptions;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** Where a command runs its scenario: {@code --backend} and the options of the real backends. */
final class BackendMixin {

    @Option(names = "--backend", paramLabel = "ID", defaultValue = "sim",
            description = "sim (default), kind or cluster")
    String backendId = "sim";

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "management-cluster kubeconfig for --backend cluster "
                    + "(default: $KUBECONFIG, ~/.kube/config)")
    @Nullable Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME", description = "kubeconfig context for --backend cluster")
    @Nullable String context;

    @Option(names = "--tenant-kubeconfig", paramLabel = "TENANT=FILE",
            description = "--backend cluster: read a tenant from its own kubeconfig (repeatable)")
    java.util.Map<String, Path> tenantKubeconfigs = new java.util.LinkedHashMap<>();

    @Option(names = "--tenant-context", paramLabel = "TENANT=NAME",
            description = "--backend cluster: read a tenant through this context (of its --tenant-kubeconfig, else of "
                    + "--kubeconfig; repeatable)")
    java.util.Map<String, String> tenantContexts = new java.util.LinkedHashMap<>();

    @Option(names = "--no-management", description = "--backend cluster: read only the tenants given by "
            + "--tenant-kubeconfig or --tenant-context")
    boolean noManagement;

    /**
     * Why the options do not go together, or null: a cluster's options with the simulation (the default backend)
     * would be dropped without a word, and the user would look at a simulated lab believing it is theirs.
     */
    @Nullable String misuse() {
        if ("sim".equals(backendId) && (kubeconfig != null || context != null || !tenantKubeconfigs.isEmpty()
                || !tenantContexts.isEmpty() || noManagement)) {
            return "--kubeconfig, --context and the --tenant-* options read a real cluster: add --backend cluster "
                    + "(the simulation, the default backend, reads none)";
        }
        return null;
    }

    /** {@code allowWrites}: the command's own {@code --allow-writes}, for commands that may write at all. */
    BackendOptions options(boolean allowWrites) {
        return new BackendOptions(kubeconfig, context, allowWrites, tenantKubeconfigs, tenantContexts, noManagement);
    }
}
