package io.gpulab.scheduler.model;

import java.util.Map;

/**
 * A container's {@code resources.limits} and {@code resources.requests} as Kubernetes quantity strings,
 * keyed by resource name (e.g. {@code nvidia.com/gpumem -> "20000"}).
 */
public record ContainerResources(String name, Map<String, String> limits, Map<String, String> requests) {

    public ContainerResources {
        limits = Map.copyOf(limits);
        requests = Map.copyOf(requests);
    }
}
