package io.gpulab.scheduler.model;

import java.util.List;

/**
 * The cards allocated to a pod, one list per container in HAMi's index order (init containers first);
 * a container without a GPU request has an empty list so indexes stay aligned.
 */
public record PodDevices(List<List<ContainerDevice>> containers) {

    public PodDevices {
        List<List<ContainerDevice>> copy = new java.util.ArrayList<>(containers.size());
        for (List<ContainerDevice> c : containers) {
            copy.add(List.copyOf(c));
        }
        containers = java.util.Collections.unmodifiableList(copy);
    }

    public static PodDevices empty() {
        return new PodDevices(List.of());
    }

    public boolean hasAnyDevice() {
        return containers.stream().anyMatch(c -> !c.isEmpty());
    }
}
