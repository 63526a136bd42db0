package io.gpulab.engine.api;

import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * One of a node's {@code spec.taints}.
 *
 * @param key       e.g. {@code node.kubernetes.io/unreachable}
 * @param value     the taint's value, empty when none
 * @param effect    {@code NoSchedule}, {@code PreferNoSchedule} or {@code NoExecute}
 * @param timeAdded when it was added ({@code timeAdded}; Kubernetes sets it on the taints its node controller adds),
 *                  or {@code null} when the node does not say
 */
@com.fasterxml.jackson.annotation.JsonPropertyOrder({"key", "value", "effect", "timeAdded"})
public record NodeTaint(String key, String value, String effect,
                        @com.fasterxml.jackson.databind.annotation.JsonSerialize(
                                using = com.fasterxml.jackson.databind.ser.std.ToStringSerializer.class)
                        @Nullable Instant timeAdded) {

    /** {@code node.kubernetes.io/unreachable:NoExecute}, as kubectl prints a taint. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String text() {
        return key + (value.isEmpty() ? "" : "=" + value) + ":" + effect;
    }
}
