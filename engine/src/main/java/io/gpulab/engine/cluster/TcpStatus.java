package io.gpulab.engine.cluster;

import static io.gpulab.engine.cluster.ManagementDiscovery.str;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.gpulab.engine.api.ControlPlaneView;
import io.gpulab.engine.api.ControlPlaneView.ComponentView;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A TenantControlPlane's status as the snapshot shows it. Kamaji's status has no conditions array:
 * the phase is {@code status.kubernetesResources.version.status} (CRD default {@code Provisioning}).
 */
final class TcpStatus {

    private TcpStatus() {
    }

    static ControlPlaneView view(GenericKubernetesResource tcp) {
        String phase = str(tcp.get("status", "kubernetesResources", "version", "status"));
        String version = str(tcp.get("spec", "kubernetes", "version"));
        String endpoint = str(tcp.get("status", "controlPlaneEndpoint"));
        String schema = str(tcp.get("status", "storage", "setup", "schema"));
        if (schema.isEmpty()) {
            schema = str(tcp.get("spec", "dataStoreSchema"));
        }
        boolean ready = intOf(tcp.get("status", "kubernetesResources", "deployment", "readyReplicas")) > 0;
        List<ComponentView> components = new ArrayList<>();
        for (String c : List.of("kube-apiserver", "kube-controller-manager", "kube-scheduler")) {
            components.add(new ComponentView(c, ready));
        }
        if ("true".equals(str(tcp.get("status", "addons", "konnectivity", "enabled")))
                || tcp.get("spec", "addons", "konnectivity") != null) {
            components.add(new ComponentView("konnectivity-server", ready));
        }
        return new ControlPlaneView(tcp.getMetadata().getName(), str(tcp.getMetadata().getNamespace()),
                phase.isEmpty() ? "Provisioning" : phase, version, endpoint, components, schema);
    }

    private static int intOf(@Nullable Object o) {
        if (o instanceof Number n) {
            return n.intValue();
        }
        try {
            return o == null ? 0 : Integer.parseInt(o.toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
