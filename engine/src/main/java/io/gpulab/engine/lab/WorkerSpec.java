package io.gpulab.engine.lab;

import java.util.List;
import java.util.Map;

/**
 * A tenant worker node (a kindest/node container in the real lab).
 *
 * @param name        node name, unique in the lab
 * @param cpu         CPU cores
 * @param memoryMiB   memory
 * @param cards       the cards its device plugin registers, in index order
 * @param annotations extra node annotations, e.g. {@code hami.io/device-cordon}
 * @throws IllegalArgumentException for a bad name or non-positive cpu/memory
 */
public record WorkerSpec(String name, int cpu, int memoryMiB, List<CardSpec> cards, Map<String, String> annotations) {

    public WorkerSpec {
        cards = List.copyOf(cards);
        annotations = Map.copyOf(annotations);
        Names.requireDnsName(name, "worker name");
        if (cpu <= 0) {
            throw new IllegalArgumentException("worker " + name + ": cpu must be > 0, got " + cpu);
        }
        if (memoryMiB <= 0) {
            throw new IllegalArgumentException("worker " + name + ": memoryMiB must be > 0, got " + memoryMiB);
        }
    }

    /** A worker with the lab defaults (4 CPU, 8 GiB) and no extra annotations. */
    public static WorkerSpec of(String name, List<CardSpec> cards) {
        return new WorkerSpec(name, 4, 8192, cards, Map.of());
    }
}
