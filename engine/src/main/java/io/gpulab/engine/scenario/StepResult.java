package io.gpulab.engine.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * One step of a run (docs/json-output.md). {@code observed} is an {@link ObservedPod} for pod steps,
 * and for the other checks what was looked at (nodes/pods/capacity, a card, a lock).
 *
 * @param index    1-based position in the scenario ({@code steps[index-1]} in error messages)
 * @param passed   every expectation held (true for steps without expectations that were applied)
 * @param problems what did not hold; omitted from JSON when empty
 * @param check    whether the step counts in the summary
 */
@JsonPropertyOrder({"index", "action", "tenant", "pod", "observed", "expect", "passed", "problems"})
public record StepResult(int index, String action, @Nullable String tenant, @Nullable String pod,
                         @Nullable Object observed, @Nullable Object expect, boolean passed,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> problems,
                         @JsonIgnore String label, @JsonIgnore int line, @JsonIgnore boolean check) {

    public StepResult {
        problems = List.copyOf(problems);
    }

    /** The label for reports: the step's name, else e.g. {@code submit tenant-a default/gpu-pod-1}. */
    public String title() {
        if (!label.isEmpty()) {
            return label;
        }
        StringBuilder sb = new StringBuilder(action);
        if (tenant != null) {
            sb.append(' ').append(tenant);
        }
        if (pod != null) {
            sb.append(' ').append(pod);
        }
        return sb.toString();
    }
}
