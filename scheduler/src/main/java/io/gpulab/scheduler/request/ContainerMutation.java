package io.gpulab.scheduler.request;

import java.util.Map;

/**
 * What the webhook changed in one container.
 *
 * @param container   the container name
 * @param addedLimits limits the webhook set, e.g. {@code nvidia.com/gpucores -> "100"}
 * @param addedEnv    environment variables the webhook added
 * @param hasResource whether HAMi considers this container a GPU container
 */
public record ContainerMutation(String container, Map<String, String> addedLimits, Map<String, String> addedEnv,
                                boolean hasResource) {

    public ContainerMutation {
        addedLimits = Map.copyOf(addedLimits);
        addedEnv = Map.copyOf(addedEnv);
    }
}
