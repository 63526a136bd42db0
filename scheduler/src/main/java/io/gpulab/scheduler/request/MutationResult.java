package io.gpulab.scheduler.request;

import io.gpulab.scheduler.model.PodInfo;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The webhook's answer.
 *
 * @param allowed          false when the pod is rejected ({@code Errored(500)} in HAMi)
 * @param message          the rejection text, or HAMi's allow message ({@code no resource found}); may be null
 * @param pod              the pod with mutated limits (unchanged when rejected or not a GPU pod)
 * @param containers       per-container changes, init containers first
 * @param schedulerName    the scheduler name after mutation (null = unset)
 * @param runtimeClassName the runtime class after mutation (null = unset)
 */
public record MutationResult(boolean allowed, @Nullable String message, PodInfo pod,
                             List<ContainerMutation> containers, @Nullable String schedulerName,
                             @Nullable String runtimeClassName) {

    public MutationResult {
        containers = List.copyOf(containers);
    }

    /** Whether any container asks for HAMi resources (only then is the scheduler name rewritten). */
    public boolean hasResource() {
        return containers.stream().anyMatch(ContainerMutation::hasResource);
    }
}
