package io.gpulab.engine.scenario;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.metrics.LabMetrics;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a scenario's steps in order against a backend and checks each expectation right after its
 * step. It never schedules anything itself: every change goes through {@link LabBackend#execute}.
 */
public final class ScenarioRunner {

    private final LabBackend backend;
    private final StepVerdicts verdicts;
    private final PodSteps pods;
    private final LockSteps locks;
    private final SnapshotChecks checks;
    private java.time.@Nullable Instant lastAt;
    private String lastAtText = "";

    public ScenarioRunner(LabBackend backend) {
        this(backend, Integer.MAX_VALUE);
    }

    /**
     * A runner that keeps at most {@code failedNodesLimit} failed nodes per observed pod (the first by name; the
     * rest are counted in {@code failedNodesOmitted}): a bound for labs where every pending pod times thousands of
     * nodes would be gigabytes of JSON.
     */
    public ScenarioRunner(LabBackend backend, int failedNodesLimit) {
        this.backend = backend;
        this.verdicts = new StepVerdicts(backend);
        this.pods = new PodSteps(backend, verdicts, failedNodesLimit, new FailedNodes.Pool());
        this.locks = new LockSteps(backend, verdicts);
        this.checks = new SnapshotChecks(backend, verdicts);
    }

    /** Runs every step; a failed expectation does not stop the run. */
    public RunResult run(Scenario scenario) {
        return run(scenario, r -> { });
    }

    /**
     * As {@link #run(Scenario)}, handing each step's result to {@code each} as soon as it is final (in step order, on
     * this thread): a caller can format results while later steps run.
     */
    public RunResult run(Scenario scenario, java.util.function.Consumer<StepResult> each) {
        List<StepResult> results = new ArrayList<>();
        AllocationCurve curve = new AllocationCurve(
                LabMetrics.of(backend.snapshot()).gpuAllocation().capacity());
        Step lastSubmit = null;
        for (Step step : scenario.steps()) {
            lastSubmit = step instanceof Step.Submit ? step : lastSubmit;
        }
        int i = 1;
        for (Step step : scenario.steps()) {
            StepResult timed = step(i++, step);
            results.add(timed);
            each.accept(timed);
            if (step instanceof Step.Submit s) {
                if (curve.arrive(AllocationCurve.demandMilli(s.manifest()))) {
                    curve.sample(allocatedMilli());
                }
                if (step == lastSubmit && curve.lastDue()) {
                    curve.last(allocatedMilli());
                }
            }
        }
        int failed = (int) results.stream().filter(r -> !r.passed()).count();
        int passed = (int) results.stream().filter(r -> r.check() && r.passed()).count();
        LabSnapshot end = backend.snapshot();
        return new RunResult(scenario.name(), results, LabState.of(end),
                new RunResult.Summary(passed, failed, LabMetrics.of(end), curve.points()), warnings(scenario, end));
    }

    /**
     * The scenario's own warnings and, on a real backend (where the scenario's stated workers are not the ones
     * observed), each observed kubelet outside the version-skew policy or not checked against it, in the same words.
     */
    private static List<String> warnings(Scenario scenario, LabSnapshot end) {
        List<String> out = new ArrayList<>(scenario.warnings());
        if (!"sim".equals(end.backend())) {
            for (TenantView t : end.tenants()) {
                for (io.gpulab.engine.api.ControlPlaneView.KubeletView k : t.controlPlane().kubelets()) {
                    if (!k.checked()) {
                        out.add("tenant " + t.name() + ", worker " + k.node() + ": version skew not checked: "
                                + k.unchecked());
                    } else if (!k.supported()) {
                        out.add("tenant " + t.name() + ", worker " + k.node() + ": " + k.violation());
                    }
                }
            }
        }
        return out;
    }

    /**
     * Runs one step now, as {@link #run} runs each: {@code index} is its 1-based place in the scenario (the workbench
     * plays a scenario one step at a time with this, so a step played there is judged exactly as in a run).
     */
    public StepResult step(int index, Step step) {
        long start = System.nanoTime();
        StepResult r = apply(index, step);
        // evidence of when: the lab's clock after the step (virtual in sim) and the real time it took; steps at
        // the same virtual time share its text (a replay keeps every step's result)
        java.time.Instant now = backend.now();
        if (!now.equals(lastAt)) {
            lastAt = now;
            lastAtText = now.toString();
        }
        return r.timed(lastAtText, (System.nanoTime() - start) / 1e6);
    }

    /**
     * GPU-milli allocated now, as {@code LabMetrics.of(snapshot).gpuAllocation().used()}: the simulated lab keeps it
     * as nodes change, so the curve's samples do not build a snapshot of every pod (12 % of a 50,000-pod run).
     */
    private long allocatedMilli() {
        return backend.gpuAllocatedMilli()
                .orElseGet(() -> LabMetrics.of(backend.snapshot()).gpuAllocation().used());
    }

    private StepResult apply(int index, Step step) {
        if (step instanceof Step.Submit s) {
            return pods.submit(index, s);
        }
        if (step instanceof Step.ExpectPod s) {
            return pods.expect(index, s);
        }
        if (step instanceof Step.ExpectVisibility s) {
            return checks.visibility(index, s);
        }
        if (step instanceof Step.ExpectCard s) {
            return checks.card(index, s);
        }
        if (step instanceof Step.ExpectLock s) {
            return locks.expect(index, s);
        }
        if (step instanceof Step.TakeLock s) {
            return locks.take(index, s);
        }
        if (step instanceof Step.ReleaseLock s) {
            return locks.release(index, s);
        }
        if (step instanceof Step.Delete s && s.expectError() != null) {
            return refusedAsExpected(index, s, new LabCommand.DeletePod(s.tenant(), s.pod()), s.expectError());
        }
        if (step instanceof Step.Upgrade s && s.expectError() != null) {
            return refusedAsExpected(index, s, new LabCommand.UpgradeControlPlane(s.tenant(), s.version()),
                    s.expectError());
        }
        if (step instanceof Step.ExpectControlPlane s) {
            return checks.controlPlane(index, s);
        }
        if (step instanceof Step.ExpectDataStore s) {
            return checks.dataStore(index, s);
        }
        if (step instanceof Step.ExpectKubelet s) {
            return checks.kubelet(index, s);
        }
        return command(index, step, StepCommand.of(step).orElseThrow(
                () -> new IllegalArgumentException("step " + step.action() + " is a check, not a command")));
    }

    /**
     * Judges step {@code s} as {@link #run} does, after its create was sent and answered {@code r} (the workbench
     * sends a user's drop itself and judges it here, so its verdict is the one {@code gpulab run} of the recorded
     * history gives: a create refused at admission without {@code expect} fails).
     */
    public StepResult submitted(int index, Step.Submit s, CommandResult r) {
        return pods.submitted(index, s, r);
    }

    private StepResult command(int index, Step step, LabCommand command) {
        CommandResult r = backend.execute(command);
        Comparisons none = new Comparisons();
        if (r.accepted()) {
            return verdicts.result(index, step, null, null, none);
        }
        none.problem("the backend refused the step: " + r.message());
        return verdicts.result(index, step, Map.of("message", r.message()), null, none);
    }

    /** A command the backend is to refuse with exactly {@code error}: the refusal is what is checked. */
    private StepResult refusedAsExpected(int index, Step step, LabCommand command, String error) {
        CommandResult r = backend.execute(command);
        Comparisons c = new Comparisons();
        String seen = r.accepted() ? null : r.message();
        c.same("error", error, seen);
        Map<String, Object> observed = new LinkedHashMap<>();
        observed.put("error", seen == null ? "(none: the backend accepted the step)" : seen);
        return verdicts.result(index, step, observed, Map.of("error", error), c);
    }
}
