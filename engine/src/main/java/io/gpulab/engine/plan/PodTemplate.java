package io.gpulab.engine.plan;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code count} identical pods of one shape ({@code workload.pods[i]} of a plan).
 *
 * @param name      template name, a DNS label; pods are named {@code NAME-1 .. NAME-count}
 * @param count     how many pods (>= 1)
 * @param gpus      cards per pod ({@code nvidia.com/gpu})
 * @param gpuMemMB  MB per card, or 0 when not asked
 * @param gpuMemPct percent of each card's memory, or 0 when not asked
 * @param gpuCores  percent of each card's compute, or 0 when not asked
 * @param whole     whole cards: neither memory nor compute asked, so each card is taken entirely
 * @param model     the only card model it may run on (catalog name), or {@code null} for any
 * @param modelType the HAMi type string of {@code model} ({@code nvidia.com/use-gputype}), or {@code null}
 * @param cpu       CPU request as written (a Kubernetes quantity), or {@code null}
 * @param memory    memory request as written (a Kubernetes quantity), or {@code null}
 * @param cpuMilli  CPU request in millicores (0 when none)
 * @param memoryMiB memory request in MiB, rounded up (0 when none)
 */
public record PodTemplate(String name, int count, int gpus, int gpuMemMB, int gpuMemPct, int gpuCores, boolean whole,
                          @Nullable String model, @Nullable String modelType, @Nullable String cpu,
                          @Nullable String memory, long cpuMilli, long memoryMiB) {

    /** The manifest of pod {@code i} (1-based), as {@code kubectl apply} would send it. */
    public Map<String, Object> manifest(int i) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("name", name + "-" + i);
        meta.put("namespace", "default");
        if (modelType != null) {
            meta.put("annotations", Map.of("nvidia.com/use-gputype", modelType));
        }
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("nvidia.com/gpu", gpus);
        if (whole) {
            // a whole card: all of its memory and compute, so no other pod shares it
            limits.put("nvidia.com/gpumem-percentage", 100);
            limits.put("nvidia.com/gpucores", 100);
        }
        if (gpuMemMB > 0) {
            limits.put("nvidia.com/gpumem", gpuMemMB);
        }
        if (gpuMemPct > 0) {
            limits.put("nvidia.com/gpumem-percentage", gpuMemPct);
        }
        if (gpuCores > 0) {
            limits.put("nvidia.com/gpucores", gpuCores);
        }
        Map<String, Object> resources = new LinkedHashMap<>();
        resources.put("limits", limits);
        if (cpu != null || memory != null) {
            Map<String, Object> requests = new LinkedHashMap<>();
            if (cpu != null) {
                requests.put("cpu", cpu);
            }
            if (memory != null) {
                requests.put("memory", memory);
            }
            resources.put("requests", requests);
        }
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "main");
        container.put("image", "busybox:1.36");
        container.put("resources", resources);
        List<Object> containers = new ArrayList<>(1);
        containers.add(container);
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put("apiVersion", "v1");
        pod.put("kind", "Pod");
        pod.put("metadata", meta);
        pod.put("spec", Map.of("containers", containers));
        return pod;
    }
}
