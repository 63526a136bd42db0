package io.gpulab.engine.cluster;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.scenario.BackendFactory;
import io.gpulab.engine.scenario.BackendOptions;

/**
 * {@code --backend cluster}: attaches to the real lab behind the management kubeconfig. The scenario's
 * lab description is not applied (the cluster is observed as it is); its steps and checks run against it.
 */
public final class ClusterBackendFactory implements BackendFactory {

    @Override
    public String id() {
        return "cluster";
    }

    @Override
    public LabBackend open(LabSpec lab, BackendOptions options) {
        KubeconfigRef ref = options.kubeconfig() == null ? KubeconfigRef.kubectlDefault(options.context())
                : KubeconfigRef.of(options.kubeconfig(), options.context());
        try {
            ClusterOptions o = options.noManagement() ? ClusterOptions.tenantsOnly() : ClusterOptions.management(ref);
            return ClusterBackend.connect(o.withTenants(options.kubeconfig(), options.tenantKubeconfigs(),
                    options.tenantContexts()).withWrites(options.allowWrites()));
        } catch (ClusterException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
