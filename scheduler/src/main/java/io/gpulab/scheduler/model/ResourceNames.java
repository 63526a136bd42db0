package io.gpulab.scheduler.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The resource names HAMi's NVIDIA backend reads, as the chart's {@code resourceName}, {@code resourceMem},
 * {@code resourceMemPercentage}, {@code resourceCores} and {@code resourcePriority} values set them (the scheduler
 * flags of the same names; charts/hami/values.yaml). A platform may rename them; HAMi then ignores the defaults.
 *
 * @param gpu           the card count ({@code nvidia.com/gpu})
 * @param memory        memory in MiB ({@code nvidia.com/gpumem})
 * @param memPercentage memory in percent of the card ({@code nvidia.com/gpumem-percentage})
 * @param cores         core percent ({@code nvidia.com/gpucores})
 * @param priority      task priority ({@code nvidia.com/priority})
 * An empty name is a resource no container carries, as the chart's {@code resourceMem: ""} means to HAMi: the
 * webhook then treats a container with only {@code nvidia.com/gpu} as exclusive ({@code defaultExclusiveCoreIfNeeded})
 * and HAMi never reads a memory request.
 *
 * @throws IllegalArgumentException for a null or whitespace-only name, or two purposes sharing one name
 */
public record ResourceNames(String gpu, String memory, String memPercentage, String cores, String priority) {

    public static final ResourceNames DEFAULTS = new ResourceNames("nvidia.com/gpu", "nvidia.com/gpumem",
            "nvidia.com/gpumem-percentage", "nvidia.com/gpucores", "nvidia.com/priority");

    public ResourceNames {
        Map<String, String> seen = new LinkedHashMap<>();
        String[][] all = {{"gpu", gpu}, {"memory", memory}, {"memPercentage", memPercentage}, {"cores", cores},
            {"priority", priority}};
        for (String[] kv : all) {
            if (kv[1] == null || (kv[1].isBlank() && !kv[1].isEmpty())) {
                throw new IllegalArgumentException("resource name for " + kv[0] + " must not be blank");
            }
            if (kv[1].isEmpty()) {
                continue;
            }
            String other = seen.put(kv[1], kv[0]);
            if (other != null) {
                throw new IllegalArgumentException("resource name '" + kv[1] + "' is used for both " + other
                        + " and " + kv[0]);
            }
        }
    }

    /** Whether {@code resource} is one of these names (an empty name is none). */
    public boolean contains(String resource) {
        return !resource.isEmpty() && (gpu.equals(resource) || memory.equals(resource) || memPercentage.equals(resource)
                || cores.equals(resource) || priority.equals(resource));
    }
}
