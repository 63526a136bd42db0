package io.gpulab.engine.sim;

import io.gpulab.scheduler.model.PodInfo;
import org.jspecify.annotations.Nullable;

import java.util.Map;

/**
 * A Pod manifest as the API server accepted it.
 *
 * @param info          what HAMi reads
 * @param schedulerName {@code spec.schedulerName}, or {@code null} when unset
 * @param kubeRequests  extended resources (e.g. {@code nvidia.com/gpu}) the kube scheduler accounts:
 *                      max(sum over app containers, max over init containers)
 * @param nodeName      {@code spec.nodeName}, or {@code null} when unset (the pod then bypasses every scheduler)
 */
record ParsedPod(PodInfo info, @Nullable String schedulerName, Map<String, Long> kubeRequests,
                 @Nullable String nodeName) {

    ParsedPod {
        kubeRequests = Map.copyOf(kubeRequests);
        nodeName = nodeName == null || nodeName.isEmpty() ? null : nodeName;
    }
}
