package io.gpulab.engine.lab;

import java.util.List;
import java.util.Map;

/**
 * A tenant worker node (a kindest/node container in the real lab).
 *
 * @param name        node name, unique in its tenant
 * @param cpu         CPU cores
 * @param memoryMiB   memory
 * @param cards       the cards its device plugin registers, in index order
 * @param annotations extra node annotations, e.g. {@code hami.io/device-cordon}; HAMi's own
 *                    ({@code hami.io/node-nvidia-register}, {@code hami.io/node-handshake}) are honoured verbatim
 * @param pods        Pod manifests that already exist on this node, with their HAMi annotations and
 *                    {@code status.phase}: their allocations count in card usage as HAMi's cache rebuilds it
 * @param kubeletVersion the worker's kubelet ({@code kubeletVersion}), or null for its tenant's control-plane
 *                    version (the version {@code kubeadm join} installs)
 * @throws IllegalArgumentException for a bad name or non-positive cpu/memory
 */
public record WorkerSpec(String name, int cpu, int memoryMiB, List<CardSpec> cards, Map<String, String> annotations,
                         List<Map<String, Object>> pods, @org.jspecify.annotations.Nullable KubeVersion kubeletVersion) {

    /** A worker whose kubelet runs its control plane's version. */
    public WorkerSpec(String name, int cpu, int memoryMiB, List<CardSpec> cards, Map<String, String> annotations,
                      List<Map<String, Object>> pods) {
        this(name, cpu, memoryMiB, cards, annotations, pods, null);
    }

    /** A worker without existing pods. */
    public WorkerSpec(String name, int cpu, int memoryMiB, List<CardSpec> cards, Map<String, String> annotations) {
        this(name, cpu, memoryMiB, cards, annotations, List.of());
    }

    public WorkerSpec {
        cards = List.copyOf(cards);
        annotations = Map.copyOf(annotations);
        pods = List.copyOf(pods);
        Names.requireDnsName(name, "worker name");
        if (cpu <= 0) {
            throw new IllegalArgumentException("worker " + name + ": cpu must be > 0, got " + cpu);
        }
        if (memoryMiB <= 0) {
            throw new IllegalArgumentException("worker " + name + ": memoryMiB must be > 0, got " + memoryMiB);
        }
        long total = 0;
        for (CardSpec c : cards) {
            total += c.count();
        }
        if (total > LabLimits.MAX_CARDS_PER_WORKER) {
            throw new IllegalArgumentException("worker " + name + " has " + total + " cards; a worker has at most "
                    + LabLimits.MAX_CARDS_PER_WORKER);
        }
    }

    /** A worker with the lab defaults (4 CPU, 8 GiB) and no extra annotations. */
    public static WorkerSpec of(String name, List<CardSpec> cards) {
        return new WorkerSpec(name, 4, 8192, cards, Map.of());
    }
}
