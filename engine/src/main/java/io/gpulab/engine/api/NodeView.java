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
 */
public record NodeView(String name, int cpu, int memoryMiB, Map<String, String> annotations, Map<String, String> capacity,
                       List<CardView> cards, @org.jspecify.annotations.Nullable LockView lock, List<String> warnings,
                       long cpuRequestedMilli, long memoryRequestedMiB) {

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
    }
}
