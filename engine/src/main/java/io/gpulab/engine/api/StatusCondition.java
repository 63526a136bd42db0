package io.gpulab.engine.api;

import org.jspecify.annotations.Nullable;

import java.time.Instant;

/**
 * One entry of a node's or pod's {@code status.conditions}, as the API server shows it.
 *
 * @param type               {@code Ready}, {@code MemoryPressure}, ...
 * @param status             {@code True}, {@code False} or {@code Unknown}
 * @param reason             the condition's reason ({@code KubeletReady}, {@code NodeStatusUnknown}), empty when none
 * @param message            its message ({@code Kubelet stopped posting node status.}), empty when none
 * @param lastTransitionTime when the status last changed, or {@code null} when nobody stated it (a pod listed in a
 *                           scenario without its conditions)
 */
@com.fasterxml.jackson.annotation.JsonPropertyOrder({"type", "status", "reason", "message", "lastTransitionTime"})
public record StatusCondition(String type, String status, String reason, String message,
                              @com.fasterxml.jackson.databind.annotation.JsonSerialize(
                                      using = com.fasterxml.jackson.databind.ser.std.ToStringSerializer.class)
                              @Nullable Instant lastTransitionTime) {

    public static final String READY = "Ready";
    public static final String TRUE = "True";
    public static final String FALSE = "False";
    public static final String UNKNOWN = "Unknown";

    /** {@code Ready=Unknown (NodeStatusUnknown: Kubelet stopped posting node status.)}: the condition in one line. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public String text() {
        String why = reason.isEmpty() ? message : message.isEmpty() ? reason : reason + ": " + message;
        return type + "=" + status + (why.isEmpty() ? "" : " (" + why + ")");
    }
}
