package io.gpulab.engine.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.metrics.LabMetrics;
import org.jspecify.annotations.Nullable;

import java.util.List;

/**
 * The outcome of running a scenario: the {@code gpulab run --json} document of docs/json-output.md.
 *
 * @param scenario the scenario name
 * @param state    the lab after the last step
 * @param warnings what the scenario's HAMi settings say that a real HAMi v2.10 deployment would not do
 *                 ({@link Scenario#warnings()}); omitted from JSON when empty
 */
@JsonPropertyOrder({"scenario", "steps", "state", "summary", "warnings"})
public record RunResult(String scenario, List<StepResult> steps, LabState state, Summary summary,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> warnings) {

    public RunResult {
        steps = List.copyOf(steps);
        warnings = List.copyOf(warnings);
    }

    /** A run without warnings. */
    public RunResult(String scenario, List<StepResult> steps, LabState state, Summary summary) {
        this(scenario, steps, state, summary, List.of());
    }

    /**
     * Counts of checks (steps with expectations, and steps the backend refused), the lab's metrics after the last
     * step and, when pods asked for GPUs, the allocation curve (docs/metrics.md).
     */
    @JsonPropertyOrder({"passed", "failed", "metrics", "curve"})
    public record Summary(int passed, int failed, @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable LabMetrics metrics,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<AllocationCurve.Point> curve) {

        public Summary {
            curve = List.copyOf(curve);
        }

        /** Counts only. */
        public Summary(int passed, int failed) {
            this(passed, failed, null, List.of());
        }
    }

    @JsonIgnore
    public boolean allPassed() {
        return summary.failed() == 0;
    }
}
