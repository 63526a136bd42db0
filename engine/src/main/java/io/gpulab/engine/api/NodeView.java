package io.gpulab.engine.api;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tenant worker with its cards.
 *
 * @param cpu                 allocatable CPU cores
 * @param memoryMiB           allocatable memory
 * @param lock                HAMi's node lock ({@code hami.io/mutex.lock}), or {@code null} when free
 * @param warnings            annotation content that could not be decoded (never a crash)
 * @param cpuRequestedMilli   CPU requested by the pods bound here (what kube-scheduler's NodeResourcesFit counts)
 * @param memoryRequestedMiB  memory requested by the pods bound here
 * @param conditions          {@code status.conditions} as the API server shows them (the simulation keeps
 *                            {@code Ready} only); empty when the backend reports none
 * @param taints              {@code spec.taints}; empty when none
 */
public record NodeView(String name, int cpu, int memoryMiB, Map<String, String> annotations, Map<String, String> capacity,
                       List<CardView> cards, @org.jspecify.annotations.Nullable LockView lock, List<String> warnings,
                       long cpuRequestedMilli, long memoryRequestedMiB, List<StatusCondition> conditions,
                       List<NodeTaint> taints) {

    /** A node whose conditions and taints are not reported. */
    public NodeView(String name, int cpu, int memoryMiB, Map<String, String> annotations, Map<String, String> capacity,
                    List<CardView> cards, @org.jspecify.annotations.Nullable LockView lock, List<String> warnings,
                    long cpuRequestedMilli, long memoryRequestedMiB) {
        this(name, cpu, memoryMiB, annotations, capacity, cards, lock, warnings, cpuRequestedMilli, memoryRequestedMiB,
                List.of(), List.of());
    }

    /** A node whose pods' CPU and memory requests are not known (counted as none). */
    public NodeView(String name, int cpu, int memoryMiB, Map<String, String> annotations, Map<String, String> capacity,
                    List<CardView> cards, @org.jspecify.annotations.Nullable LockView lock, List<String> warnings) {
        this(name, cpu, memoryMiB, annotations, capacity, cards, lock, warnings, 0, 0);
    }

    public NodeView {
        annotations = Collections.unmodifiableMap(new LinkedHashMap<>(annotations));
        capacity = Collections.unmodifiableMap(new LinkedHashMap<>(capacity));
        cards = List.copyOf(cards);
        warnings = List.copyOf(warnings);
        conditions = List.copyOf(conditions);
        taints = List.copyOf(taints);
    }

    /** The node's {@code Ready} condition, if it reports one. */
    public java.util.Optional<StatusCondition> ready() {
        return conditions.stream().filter(c -> StatusCondition.READY.equals(c.type())).findFirst();
    }
}
