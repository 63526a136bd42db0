package io.gpulab.engine.lab;

import org.jspecify.annotations.Nullable;

import java.util.Map;
import java.util.TreeMap;

/**
 * A node of the management cluster ({@code lab.management.nodes[]}): it runs the TenantControlPlane pods and the
 * DataStore's members. Its allocatable CPU and memory are what kube-scheduler's NodeResourcesFit compares the pods'
 * requests with.
 *
 * @param zone    {@code topology.kubernetes.io/zone}, or null
 * @param labels  the node's labels (a TCP's {@code nodeSelector} matches them); the zone is one of them when given
 * @param maxPods the kubelet's {@code maxPods} (default 110)
 */
public record ManagementNodeSpec(String name, int cpu, int memoryMiB, @Nullable String zone, Map<String, String> labels,
                                 int maxPods) {

    public static final int DEFAULT_MAX_PODS = 110;
    public static final String ZONE_LABEL = "topology.kubernetes.io/zone";

    public ManagementNodeSpec {
        Names.requireDnsName(name, "management node name");
        if (cpu <= 0) {
            throw new IllegalArgumentException("management node " + name + ": cpu must be > 0, got " + cpu);
        }
        if (memoryMiB <= 0) {
            throw new IllegalArgumentException("management node " + name + ": memoryMiB must be > 0, got "
                    + memoryMiB);
        }
        if (maxPods <= 0) {
            throw new IllegalArgumentException("management node " + name + ": maxPods must be > 0, got " + maxPods);
        }
        Map<String, String> l = new TreeMap<>(labels);
        l.put("kubernetes.io/hostname", name);
        if (zone != null) {
            l.put(ZONE_LABEL, zone);
        }
        labels = Map.copyOf(l);
    }

    /** A node with default labels and pod limit. */
    public ManagementNodeSpec(String name, int cpu, int memoryMiB) {
        this(name, cpu, memoryMiB, null, Map.of(), DEFAULT_MAX_PODS);
    }
}
