package io.gpulab.engine.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * What a step expects of one pod; a {@code null} field is not checked.
 *
 * @param phase         {@code Pending}, {@code Running}, {@code Succeeded}, {@code Failed} or {@code Rejected}
 * @param node          the node it is bound to
 * @param devices       the card ids it holds, in allocation order
 * @param reason        why it is not running, exactly, e.g. {@code CardInsufficientCore}: one of
 *                      {@link io.gpulab.engine.api.ReasonCodes}
 * @param failedNodes   per node, HAMi's reason string, e.g. {@code 1/1 CardInsufficientCore}
 * @param schedulerName {@code hami-scheduler} or {@code default-scheduler}
 * @param hamiAllocated whether HAMi's allocation annotations must be present
 * @param message         the observed message, exactly
 * @param messageContains a substring the observed message must contain (the only loose comparison, by name)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PodExpect(@Nullable String phase, @Nullable String node, @Nullable List<String> devices,
                        @Nullable String reason, @Nullable Map<String, String> failedNodes,
                        @Nullable String schedulerName, @Nullable Boolean hamiAllocated, @Nullable String message,
                        @Nullable String messageContains) {
}
