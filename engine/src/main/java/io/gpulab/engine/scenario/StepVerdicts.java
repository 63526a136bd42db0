package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.TenantView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A step's result from its comparisons, with the cause a backend knows when a tenant could not be fully observed. */
final class StepVerdicts {

    private final LabBackend backend;

    StepVerdicts(LabBackend backend) {
        this.backend = backend;
    }

    StepResult result(int index, Step step, @Nullable Object observed, @Nullable Object expect,
                      List<String> stepProblems) {
        Comparisons none = new Comparisons();
        stepProblems.forEach(none::problem);
        return result(index, step, observed, expect, none);
    }

    StepResult result(int index, Step step, @Nullable Object observed, @Nullable Object expect,
                      Comparisons checked) {
        List<String> problems = withCause(step, checked.problems());
        return new StepResult(index, step.action(), step.tenant(), step.pod(), observed, expect, problems.isEmpty(),
                problems, step.label(), step.line(), step.isCheck() || !problems.isEmpty(), checked.compared(), null,
                0, StepText.of(step));
    }

    String missingTenant(String tenant) {
        return "tenant " + tenant + " is not in this lab (it has: " + String.join(", ", backend.snapshot().tenants()
                .stream().map(TenantView::name).toList()) + ")";
    }

    static void putIf(Map<String, Object> m, String key, @Nullable Object v) {
        if (v != null) {
            m.put(key, v);
        }
    }

    /**
     * A failed step on a tenant the backend could not fully observe says why, so the report carries the
     * cause (credentials refused, unreachable, late first list), not only the mismatch it led to.
     */
    private List<String> withCause(Step step, List<String> problems) {
        if (problems.isEmpty() || step.tenant() == null || step.tenant().isEmpty()) {
            return problems;
        }
        var tenant = backend.snapshot().tenant(step.tenant());
        List<String> causes = tenant.isEmpty() ? List.of(missingTenant(step.tenant()))
                : tenant.get().warnings().stream().map(w -> "tenant " + step.tenant() + ": " + w).toList();
        List<String> out = new ArrayList<>(problems);
        causes.stream().filter(c -> !out.contains(c)).forEach(out::add);
        return out;
    }
}
