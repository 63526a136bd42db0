package io.gpulab.app.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.StepResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gathers a scenario report headless, with no toolkit: the scenario run once on the simulated lab gives both
 * the checks (expected and observed values) and the lab at the end; the traces come from the same lab.
 */
public final class ScenarioReportInput {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ScenarioReportInput() {
    }

    /**
     * @param source the scenario file's text (printed in the appendix)
     * @param play   report the lab after the steps (else as built; the checks still come from a full run)
     */
    public static ScenarioReport.Input collect(Scenario scenario, String source, boolean play) throws Exception {
        List<ScenarioReport.Check> checks = new ArrayList<>();
        LabSnapshot snapshot;
        List<PodTrace> traces = new ArrayList<>();
        try (LabBackend run = Backends.open("sim", scenario.lab(), BackendOptions.NONE)) {
            RunResult result = new ScenarioRunner(run).run(scenario);
            for (StepResult r : result.steps()) {
                if (r.check()) {
                    checks.add(new ScenarioReport.Check(r.title(), r.passed(), flat(r.expect()), flat(r.observed()),
                            r.problems()));
                }
            }
            if (play) {
                snapshot = run.snapshot();
                traces.addAll(traces(run, snapshot));
            } else {
                try (LabBackend fresh = Backends.open("sim", scenario.lab(), BackendOptions.NONE)) {
                    snapshot = fresh.snapshot();
                }
            }
        }
        return new ScenarioReport.Input(scenario.name(), scenario.lab().description(), source, snapshot, checks, traces,
                play);
    }

    /** The trace of every pod that is not running (pending, refused, failed). */
    public static List<PodTrace> traces(LabBackend backend, LabSnapshot s) {
        List<PodTrace> out = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            for (PodView p : t.pods()) {
                if (!"Running".equals(p.phase()) && !"Succeeded".equals(p.phase())) {
                    out.add(backend.trace(t.name(), p.key()));
                }
            }
        }
        return out;
    }

    /** An expectation or observation as {@code field: value} lines; nulls and empty values left out. */
    static Map<String, String> flat(Object value) {
        Map<String, String> out = new LinkedHashMap<>();
        if (value == null) {
            return out;
        }
        Object tree = JSON.convertValue(value, Object.class);
        if (tree instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                String text = text(v);
                if (!text.isEmpty()) {
                    out.put(String.valueOf(k), text);
                }
            });
        } else {
            out.put("value", text(tree));
        }
        return out;
    }

    private static String text(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof Map<?, ?> m) {
            if (m.isEmpty()) {
                return "";
            }
            List<String> parts = new ArrayList<>();
            m.forEach((k, x) -> parts.add(k + "=" + text(x)));
            return String.join(", ", parts);
        }
        if (v instanceof List<?> l) {
            List<String> parts = new ArrayList<>();
            l.forEach(x -> parts.add(text(x)));
            return String.join("; ", parts);
        }
        return String.valueOf(v);
    }
}
