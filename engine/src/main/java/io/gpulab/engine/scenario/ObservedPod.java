package io.gpulab.engine.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.gpulab.engine.api.PodView;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/**
 * A pod as the run observed it (docs/json-output.md, {@code observed}). Empty strings of the snapshot
 * become {@code null}. {@code hamiAllocated} tells a HAMi-placed pod from one the default scheduler
 * placed by slots alone (Running proves nothing without it).
 */
@JsonPropertyOrder({"phase", "node", "schedulerName", "reason", "message", "failedNodes", "failedNodesOmitted",
        "devices", "hamiAllocated", "ready", "explanation"})
public record ObservedPod(String phase, @Nullable String node, @Nullable String schedulerName,
                          @Nullable String reason, @Nullable String message, Map<String, String> failedNodes,
                          List<Device> devices, boolean hamiAllocated,
                          @JsonInclude(JsonInclude.Include.NON_DEFAULT) int failedNodesOmitted,
                          @JsonInclude(JsonInclude.Include.NON_NULL) io.gpulab.engine.api.@Nullable PlainReason
                                  explanation,
                          @JsonInclude(JsonInclude.Include.NON_NULL) io.gpulab.engine.api.@Nullable StatusCondition
                                  ready) {

    /** A pod whose failed nodes are all listed. */
    public ObservedPod(String phase, @Nullable String node, @Nullable String schedulerName, @Nullable String reason,
                       @Nullable String message, Map<String, String> failedNodes, List<Device> devices,
                       boolean hamiAllocated) {
        this(phase, node, schedulerName, reason, message, failedNodes, devices, hamiAllocated, 0, null, null);
    }

    /** This pod with its reason in words (the run document's, not the text form's). */
    ObservedPod explained(io.gpulab.engine.api.@Nullable PlainReason words) {
        return words == null ? this : new ObservedPod(phase, node, schedulerName, reason, message, failedNodes,
                devices, hamiAllocated, failedNodesOmitted, words, ready);
    }

    /** One card share the pod holds. */
    @JsonPropertyOrder({"id", "memMB", "cores"})
    public record Device(String id, int memMB, int cores) { }

    static ObservedPod of(PodView p) {
        return of(p, Integer.MAX_VALUE, new FailedNodes.Pool());
    }

    /** The pod with at most {@code limit} failed nodes (the first by name), the rest counted as omitted. */
    static ObservedPod of(PodView p, int limit, FailedNodes.Pool pool) {
        List<Device> devices = p.devices().stream().map(d -> new Device(d.id(), d.memMB(), d.cores())).toList();
        Map<String, String> failed = FailedNodes.of(p.failedNodes(), limit, pool);
        return new ObservedPod(p.phase(), blank(p.node()), blank(p.schedulerName()), blank(p.reason()),
                blank(p.message()), failed, devices, p.hamiAllocated(), p.failedNodes().size() - failed.size(), null,
                p.ready());
    }

    /** This pod with at most {@code limit} failed nodes (the first by name), the rest counted as omitted. */
    ObservedPod limited(int limit, FailedNodes.Pool pool) {
        if (failedNodes.size() <= limit) {
            return this;
        }
        Map<String, String> kept = FailedNodes.of(failedNodes, limit, pool);
        return new ObservedPod(phase, node, schedulerName, reason, message, kept, devices, hamiAllocated,
                failedNodesOmitted + failedNodes.size() - kept.size(), explanation, ready);
    }

    /**
     * A create the API server refused: the pod does not exist. The reason is the API server's status
     * reason when the message carries one ({@code Error from server (AlreadyExists): ...}).
     */
    static ObservedPod rejected(String message) {
        return new ObservedPod("Rejected", null, null, statusReason(message), blank(message), Map.of(), List.of(),
                false);
    }

    private static @Nullable String statusReason(String message) {
        // a client that reached no API server, and an API server whose storage timed out, carry no Status reason:
        // gpulab's codes for them (docs/reasons.md)
        if (message.contains(io.gpulab.engine.kamaji.ApiErrors.REFUSED_MARK)) {
            return "ConnectionRefused";
        }
        if (io.gpulab.engine.kamaji.ApiErrors.dataStoreUnavailable(message)) {
            return "DataStoreUnavailable";
        }
        if (message.contains(io.gpulab.engine.kamaji.ApiErrors.permissionDenied())) {
            return "DataStorePermissionDenied";
        }
        String marker = "Error from server (";
        int at = message.indexOf(marker);
        int end = at < 0 ? -1 : message.indexOf(')', at + marker.length());
        return end < 0 ? null : message.substring(at + marker.length(), end);
    }

    private static @Nullable String blank(@Nullable String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
