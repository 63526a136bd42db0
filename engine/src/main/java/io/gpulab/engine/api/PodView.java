package io.gpulab.engine.api;

import java.util.List;
import java.util.Map;

/**
 * A pod as its tenant's API server shows it, plus what HAMi decided.
 *
 * @param phase         {@code Pending}, {@code Running}, {@code Succeeded}, {@code Failed}; or
 *                      {@code Rejected} when admission refused the create (the pod does not exist)
 * @param node          the bound node, or empty
 * @param schedulerName {@code hami-scheduler} when HAMi's webhook mutated it, else {@code default-scheduler}
 * @param reason        why it is not running: a HAMi reason ({@code CardInsufficientCore}, ...), a lock
 *                      wait, or an admission error; empty when running
 * @param failedNodes   per node, HAMi's reason string, e.g. {@code 1/1 CardInsufficientCore}
 * @param devices       the cards allocated, one entry per container-card
 * @param hamiAllocated whether HAMi's allocation annotations are present (Running proves nothing without)
 * @param gpuSlots      {@code nvidia.com/gpu} the pod asks for (limits, else requests, summed over containers):
 *                      0 for the platform's own pods, which a worker shows apart from GPU pods
 * @param ready         the pod's {@code Ready} condition as the API server shows it, or {@code null} when it has none
 *                      (a pod not bound, or bound to a node whose kubelet never reported it)
 */
public record PodView(String namespace, String name, String phase, String node, String schedulerName, String reason,
                      String message, Map<String, String> failedNodes, List<DeviceAllocation> devices,
                      Map<String, String> annotations, boolean hamiAllocated, List<String> warnings,
                      long gpuSlots, @org.jspecify.annotations.Nullable StatusCondition ready) {

    /** A pod whose Ready condition is not reported. */
    public PodView(String namespace, String name, String phase, String node, String schedulerName, String reason,
                   String message, Map<String, String> failedNodes, List<DeviceAllocation> devices,
                   Map<String, String> annotations, boolean hamiAllocated, List<String> warnings, long gpuSlots) {
        this(namespace, name, phase, node, schedulerName, reason, message, failedNodes, devices, annotations,
                hamiAllocated, warnings, gpuSlots, null);
    }

    public PodView {
        failedNodes = CompactMap.frozen(failedNodes);
        devices = List.copyOf(devices);
        annotations = CompactMap.frozen(annotations);
        warnings = List.copyOf(warnings);
    }

    public String key() {
        return namespace + "/" + name;
    }

    /** The namespace of the platform's own pods. */
    public static final String PLATFORM_NAMESPACE = "kube-system";

    /**
     * Whether this is one of the platform's own pods (namespace {@code kube-system}: konnectivity-agent, HAMi,
     * CoreDNS on a real cluster; a simulated lab has none unless a scenario puts one there). A tenant's running,
     * pending and refused counts leave them out, on every backend alike: they count the workload.
     */
    public boolean platform() {
        return PLATFORM_NAMESPACE.equals(namespace);
    }

    /** One card share given to one container. */
    public record DeviceAllocation(String id, String container, int memMB, int cores) { }
}
