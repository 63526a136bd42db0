package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;

import java.util.List;

/**
 * What {@code kubectl --kubeconfig <tenant>.kubeconfig} sees: only the tenant's own nodes, pods and
 * events. Reading another tenant's object fails like the real API server ({@code NotFound}), because
 * each tenant's objects live under its own key prefix in the shared datastore.
 */
public final class TenantApiServer {

    private final TenantView tenant;
    private final List<LabEvent> events;

    TenantApiServer(TenantView tenant, List<LabEvent> events) {
        this.tenant = tenant;
        this.events = List.copyOf(events);
    }

    public String tenant() {
        return tenant.name();
    }

    /** {@code kubectl get nodes}. */
    public List<NodeView> listNodes() {
        return tenant.nodes();
    }

    /** {@code kubectl get pods -A}: pods that exist (a create refused at admission never existed). */
    public List<PodView> listPods() {
        return tenant.pods().stream().filter(p -> !SimPod.REJECTED.equals(p.phase())).toList();
    }

    /** {@code kubectl get events -A}, oldest first. */
    public List<LabEvent> listEvents() {
        return events;
    }

    /** @throws IllegalArgumentException {@code Error from server (NotFound): nodes "<name>" not found} */
    public NodeView getNode(String name) {
        return tenant.node(name).orElseThrow(() -> new IllegalArgumentException(
                "Error from server (NotFound): nodes \"" + name + "\" not found"));
    }

    /** @throws IllegalArgumentException {@code Error from server (NotFound): pods "<name>" not found} */
    public PodView getPod(String key) {
        return listPods().stream().filter(p -> p.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("Error from server (NotFound): pods \""
                        + key.substring(key.indexOf('/') + 1) + "\" not found"));
    }
}
