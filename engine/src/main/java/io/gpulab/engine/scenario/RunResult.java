package io.gpulab.engine.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * The outcome of running a scenario: the {@code gpulab run --json} document of DESIGN.md section 4.
 *
 * @param scenario the scenario name
 * @param state    the lab after the last step
 */
@JsonPropertyOrder({"scenario", "steps", "state", "summary"})
public record RunResult(String scenario, List<StepResult> steps, LabState state, Summary summary) {

    public RunResult {
        steps = List.copyOf(steps);
    }

    /** Counts of checks (steps with expectations, and steps the backend refused). */
    @JsonPropertyOrder({"passed", "failed"})
    public record Summary(int passed, int failed) { }

    @JsonIgnore
    public boolean allPassed() {
        return summary.failed() == 0;
    }
}
