package io.gpulab.engine.api;

import java.util.List;
import java.util.Optional;

/**
 * One tenant: its hosted control plane, its Konnectivity tunnel, its workers and what its own API
 * server lists (never another tenant's objects).
 *
 * @param webhookFailurePolicy {@code Ignore} (HAMi's default) or {@code Fail}
 * @param warnings             why this tenant's view may be incomplete, one sentence each (a real
 *                             backend: credentials refused, HTTP 401/403, unreachable, first list not
 *                             complete in time); empty when it is fully observed
 */
public record TenantView(String name, ControlPlaneView controlPlane, TunnelView tunnel, String webhookFailurePolicy,
                         List<NodeView> nodes, List<PodView> pods, List<String> warnings, List<QuotaView> quotas) {

    public TenantView {
        nodes = List.copyOf(nodes);
        pods = List.copyOf(pods);
        warnings = List.copyOf(warnings);
        quotas = List.copyOf(quotas);
    }

    /** A tenant without GPU quotas. */
    public TenantView(String name, ControlPlaneView controlPlane, TunnelView tunnel, String webhookFailurePolicy,
                      List<NodeView> nodes, List<PodView> pods, List<String> warnings) {
        this(name, controlPlane, tunnel, webhookFailurePolicy, nodes, pods, warnings, List.of());
    }

    /** The same tenant with its namespaces' GPU quotas. */
    public TenantView withQuotas(List<QuotaView> q) {
        return new TenantView(name, controlPlane, tunnel, webhookFailurePolicy, nodes, pods, warnings, q);
    }

    /** A fully observed tenant (no warnings). */
    public TenantView(String name, ControlPlaneView controlPlane, TunnelView tunnel, String webhookFailurePolicy,
                      List<NodeView> nodes, List<PodView> pods) {
        this(name, controlPlane, tunnel, webhookFailurePolicy, nodes, pods, List.of());
    }

    /** The same tenant with {@code t} as its tunnel. */
    public TenantView withTunnel(TunnelView t) {
        return new TenantView(name, controlPlane, t, webhookFailurePolicy, nodes, pods, warnings, quotas);
    }

    /** The same tenant with {@code more} warnings appended. */
    public TenantView withWarnings(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new java.util.ArrayList<>(warnings);
        all.addAll(more);
        return new TenantView(name, controlPlane, tunnel, webhookFailurePolicy, nodes, pods, all, quotas);
    }

    public Optional<PodView> pod(String key) {
        return pods.stream().filter(p -> p.key().equals(key)).findFirst();
    }

    public Optional<NodeView> node(String nodeName) {
        return nodes.stream().filter(n -> n.name().equals(nodeName)).findFirst();
    }
}
