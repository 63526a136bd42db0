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
 * @param code             the HTTP code of HAMi's answer: 200 allowed, 403 {@code admission.Denied} (kubectl:
 *                         {@code Forbidden}), 500 {@code admission.Errored} (kubectl: {@code InternalError})
 */
public record MutationResult(boolean allowed, @Nullable String message, PodInfo pod,
                             List<ContainerMutation> containers, @Nullable String schedulerName,
                             @Nullable String runtimeClassName, int code) {

    public static final int OK = 200;
    public static final int DENIED = 403;
    public static final int ERRORED = 500;

    public MutationResult {
        containers = List.copyOf(containers);
    }

    /** An allowed answer, or (not allowed) HAMi's {@code Errored(500)}. */
    public MutationResult(boolean allowed, @Nullable String message, PodInfo pod, List<ContainerMutation> containers,
                          @Nullable String schedulerName, @Nullable String runtimeClassName) {
        this(allowed, message, pod, containers, schedulerName, runtimeClassName, allowed ? OK : ERRORED);
    }

    /** HAMi's {@code admission.Denied(message)}: the pod is refused as it was sent. */
    public static MutationResult denied(String message, PodInfo pod, @Nullable String schedulerName,
                                        @Nullable String runtimeClassName) {
        return new MutationResult(false, message, pod, List.of(), schedulerName, runtimeClassName, DENIED);
    }

    /** kubectl's status word for a refusal: {@code Forbidden} for a denial, {@code InternalError} for an error. */
    public String statusReason() {
        return code == DENIED ? "Forbidden" : "InternalError";
    }

    /** Whether any container asks for HAMi resources (only then is the scheduler name rewritten). */
    public boolean hasResource() {
        return containers.stream().anyMatch(ContainerMutation::hasResource);
    }
}
