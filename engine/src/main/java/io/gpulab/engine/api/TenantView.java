package io.gpulab.engine.api;

import java.util.List;
import java.util.Optional;

/**
 * One tenant: its hosted control plane, its Konnectivity tunnel, its workers and what its own API
 * server lists (never another tenant's objects).
 *
 * @param webhookFailurePolicy {@code Ignore} (HAMi's default) or {@code Fail}
 */
public record TenantView(String name, ControlPlaneView controlPlane, TunnelView tunnel, String webhookFailurePolicy,
                         List<NodeView> nodes, List<PodView> pods) {

    public TenantView {
        nodes = List.copyOf(nodes);
        pods = List.copyOf(pods);
    }

    public Optional<PodView> pod(String key) {
        return pods.stream().filter(p -> p.key().equals(key)).findFirst();
    }

    public Optional<NodeView> node(String nodeName) {
        return nodes.stream().filter(n -> n.name().equals(nodeName)).findFirst();
    }
}
