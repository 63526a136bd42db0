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

    /**
     * The run of a scenario whose backend could not be opened or read (a refused login, an unusable client key, an
     * unreachable server): a failed check {@code connect} (step 0) saying why, then every step of the scenario failed
     * as not run. What {@code verify --report} writes then, so the report exists and says why it has no evidence.
     */
    public static RunResult notConnected(Scenario scenario, String backend, String why) {
        List<StepResult> steps = new java.util.ArrayList<>();
        steps.add(new StepResult(0, "connect", null, null, null, null, false, List.of("backend " + backend + ": "
                + why), "connect to the " + backend + " backend", 0, true, List.of(), null, 0, "connect"));
        int checks = 1;
        for (int i = 0; i < scenario.steps().size(); i++) {
            Step step = scenario.steps().get(i);
            steps.add(new StepResult(i + 1, step.action(), step.tenant(), step.pod(), null, null, false,
                    List.of("not run: the " + backend + " backend could not be read"), step.label(), step.line(),
                    step.isCheck(), List.of(), null, 0, StepText.of(step)));
            checks += step.isCheck() ? 1 : 0;
        }
        return new RunResult(scenario.name(), steps, new LabState(List.of()), new Summary(0, checks));
    }

    @JsonIgnore
    public boolean allPassed() {
        return summary.failed() == 0;
    }
}
