package io.gpulab.scheduler.model;

import java.util.List;
import java.util.Map;

/**
 * The parts of a Pod that HAMi's webhook and scheduler read. Init containers come first in HAMi's
 * container indexing, then app containers.
 */
public record PodInfo(String namespace, String name, Map<String, String> annotations, Map<String, String> labels,
                      List<ContainerResources> initContainers, List<ContainerResources> containers) {

    public PodInfo {
        annotations = Map.copyOf(annotations);
        labels = Map.copyOf(labels);
        initContainers = List.copyOf(initContainers);
        containers = List.copyOf(containers);
    }

    public String key() {
        return namespace + "/" + name;
    }
}
