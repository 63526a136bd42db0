package io.gpulab.engine.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * One step of a run (docs/json-output.md). {@code observed} is an {@link ObservedPod} for pod steps,
 * and for the other checks what was looked at (nodes/pods/capacity, a card, a lock).
 *
 * @param index       1-based position in the scenario ({@code steps[index-1]} in error messages)
 * @param passed      every expectation held (true for steps without expectations that were applied)
 * @param problems    what did not hold; omitted from JSON when empty
 * @param label       the step's {@code name:} in the file, or empty
 * @param line        the step's line in the file
 * @param check       whether the step counts in the summary
 * @param compared    every comparison the check made, held or not (the evidence of a passing check)
 * @param virtualTime the lab's clock right after the step (virtual in sim), ISO-8601, or {@code null}
 * @param wallMillis  how long the step took in real time, milliseconds
 * @param what        the step in words, e.g. {@code advance 5m}, used when it has no name
 */
@JsonPropertyOrder({"index", "line", "name", "title", "action", "tenant", "pod", "check", "observed", "expect",
    "compared", "passed", "problems", "virtualTime", "wallMillis"})
public record StepResult(int index, String action, @Nullable String tenant, @Nullable String pod,
                         @Nullable Object observed, @Nullable Object expect, boolean passed,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> problems,
                         @JsonProperty("name") @JsonInclude(JsonInclude.Include.NON_EMPTY) String label, int line,
                         boolean check, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Compared> compared,
                         @Nullable String virtualTime, double wallMillis,
                         @JsonIgnore String what) {

    /**
     * One comparison: the field, the expected and the observed value, and whether they matched.
     *
     * @param field    e.g. {@code phase}, {@code failedNodes.tenant-a-worker}, {@code usedMemMB}
     */
    @JsonPropertyOrder({"field", "expected", "observed", "held"})
    public record Compared(String field, Object expected, @Nullable Object observed, boolean held) { }

    public StepResult {
        problems = List.copyOf(problems);
        compared = List.copyOf(compared);
    }

    /** A result without evidence or timing (tests, and results made outside a run). */
    public StepResult(int index, String action, @Nullable String tenant, @Nullable String pod,
                      @Nullable Object observed, @Nullable Object expect, boolean passed, List<String> problems,
                      String label, int line, boolean check) {
        this(index, action, tenant, pod, observed, expect, passed, problems, label, line, check, List.of(), null, 0,
                "");
    }

    /** This result with the lab's clock after the step and the real time it took. */
    public StepResult timed(@Nullable String at, double millis) {
        return new StepResult(index, action, tenant, pod, observed, expect, passed, problems, label, line, check,
                compared, at, Math.round(millis * 1000) / 1000.0, what);
    }

    /** The label for reports: the step's name, else e.g. {@code submit tenant-a default/gpu-pod-1}. */
    @JsonProperty("title")
    public String title() {
        if (!label.isEmpty()) {
            return label;
        }
        if (!what.isEmpty()) {
            return what;
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
