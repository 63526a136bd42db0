package io.gpulab.engine.snapshot;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ResourceQuota;

import java.util.List;

/**
 * The objects of one dump the importer uses, and what it left out.
 *
 * @param file    where it was read from
 * @param nodes   Nodes
 * @param pods    Pods
 * @param quotas  ResourceQuotas
 * @param events  Events
 * @param others  objects of other kinds (kept only for the management dump, e.g. TenantControlPlanes)
 * @param skipped one line per object or field not imported, naming it and why
 */
public record Dump(String file, List<Node> nodes, List<Pod> pods, List<ResourceQuota> quotas, List<Event> events,
                   List<GenericKubernetesResource> others, List<String> skipped) {

    public Dump {
        nodes = List.copyOf(nodes);
        pods = List.copyOf(pods);
        quotas = List.copyOf(quotas);
        events = List.copyOf(events);
        others = List.copyOf(others);
        skipped = List.copyOf(skipped);
    }
}
