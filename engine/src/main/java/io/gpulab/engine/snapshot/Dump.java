package io.gpulab.engine.snapshot;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ResourceQuota;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

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
 * @param lines   the line each object starts on (by identity)
 */
public record Dump(String file, List<Node> nodes, List<Pod> pods, List<ResourceQuota> quotas, List<Event> events,
                   List<GenericKubernetesResource> others, List<String> skipped, Map<Object, Integer> lines) {

    public Dump {
        nodes = List.copyOf(nodes);
        pods = List.copyOf(pods);
        quotas = List.copyOf(quotas);
        events = List.copyOf(events);
        others = List.copyOf(others);
        skipped = List.copyOf(skipped);
        lines = Collections.unmodifiableMap(new IdentityHashMap<>(lines));
    }

    public Dump(String file, List<Node> nodes, List<Pod> pods, List<ResourceQuota> quotas, List<Event> events,
                List<GenericKubernetesResource> others, List<String> skipped) {
        this(file, nodes, pods, quotas, events, others, skipped, Map.of());
    }

    /** {@code FILE:LINE} of an object of this dump ({@code FILE} alone when its line is not known). */
    public String at(Object o) {
        Integer line = lines.get(o);
        return line == null ? file : file + ":" + line;
    }
}
