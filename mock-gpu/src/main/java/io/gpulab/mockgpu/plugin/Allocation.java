package io.gpulab.mockgpu.plugin;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of the device plugin's {@code Allocate} for one bound pod.
 *
 * @param podAnnotations  the pod's annotations afterwards
 * @param nodeAnnotations the node's annotations afterwards (the lock may be gone)
 * @param containerEnv    per container (HAMi index order) the env the plugin injected; empty maps in
 *                        {@code article} mode, whose mock returns empty responses
 * @param lockReleased    whether this call removed {@code hami.io/mutex.lock}
 * @param error           the plugin's error (pod turns Failed with {@code UnexpectedAdmissionError}), or empty
 */
public record Allocation(Map<String, String> podAnnotations, Map<String, String> nodeAnnotations,
                         List<Map<String, String>> containerEnv, boolean lockReleased, String error) {

    public Allocation {
        // insertion order is kept so traces print identically on every run
        podAnnotations = Collections.unmodifiableMap(new LinkedHashMap<>(podAnnotations));
        nodeAnnotations = Collections.unmodifiableMap(new LinkedHashMap<>(nodeAnnotations));
        containerEnv = containerEnv.stream().map(m -> Collections.unmodifiableMap(new LinkedHashMap<>(m))).toList();
    }

    public boolean failed() {
        return !error.isEmpty();
    }
}
