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
import io.gpulab.engine.scenario.PlayableStep;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.StepResult;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gathers a scenario report headless, with no toolkit: the lab's recorded scenario run once on the simulated lab
 * gives both the checks (expected and observed values) and the lab at the end; the traces come from the same lab.
 */
public final class ScenarioReportInput {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ScenarioReportInput() {
    }

    /**
     * The report of a lab's history, exactly as {@code gpulab run} of its recorded scenario judges it: that scenario
     * run once on the simulated lab gives the checks it reached (expected and observed values) and the lab at the
     * end; the checks it did not reach are NOT RUN. The CLI's {@code gpulab report} and the workbench's export both
     * come here (docs/workbench.md, "The lab's history as a scenario").
     */
    public static ScenarioReport.Input collect(RecordedScenario recorded) throws Exception {
        Scenario scenario = new ScenarioReader().read(recorded.name() + ".yaml", new StringReader(recorded.text()),
                false);
        List<ScenarioReport.Check> checks = new ArrayList<>();
        LabSnapshot snapshot;
        List<PodTrace> traces;
        try (LabBackend run = Backends.open("sim", scenario.lab(), BackendOptions.NONE)) {
            RunResult result = new ScenarioRunner(run).run(scenario);
            for (StepResult r : result.steps()) {
                if (r.check()) {
                    checks.add(new ScenarioReport.Check(r.title(), r.passed() ? ScenarioReport.Verdict.PASS
                            : ScenarioReport.Verdict.FAIL, r.index(), r.line(), flat(r.expect()), flat(r.observed()),
                            r.problems(), 0));
                }
            }
            snapshot = run.snapshot();
            traces = traces(run, snapshot);
        }
        notRun(recorded, checks);
        List<String> steps = scenario.steps().stream().map(PlayableStep::titleOf).toList();
        return new ScenarioReport.Input(recorded.name(), scenario.lab().description(), recorded.text(), snapshot,
                checks, traces, history(recorded, steps, false),
                scenario.lab());
    }

    /**
     * The report of a lab observed on a real cluster: drawn as observed, every check NOT RUN (the workbench runs no
     * checks there; {@code gpulab verify --backend cluster} does), the scenario it was opened from attached.
     */
    public static ScenarioReport.Input observed(RecordedScenario opened, String description, LabSnapshot snapshot,
                                                List<PodTrace> traces) {
        List<ScenarioReport.Check> checks = new ArrayList<>();
        notRun(opened, checks);
        return new ScenarioReport.Input(opened.name(), description, opened.text(), snapshot, checks, traces,
                history(opened, List.of(), true), null);
    }

    private static void notRun(RecordedScenario recorded, List<ScenarioReport.Check> checks) {
        for (RecordedScenario.NotRun n : recorded.notRun()) {
            checks.add(new ScenarioReport.Check(n.title(), ScenarioReport.Verdict.NOT_RUN, n.step(), 0, Map.of(),
                    Map.of(), List.of(), n.playable()));
        }
    }

    private static ScenarioReport.History history(RecordedScenario r, List<String> steps, boolean observed) {
        return new ScenarioReport.History(r.origin(), r.played(), r.playable(), r.own(), steps, observed);
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
    public static Map<String, String> flat(Object value) {
        Map<String, String> out = new LinkedHashMap<>();
        if (value == null) {
            return out;
        }
        Object tree = JSON.convertValue(value, Object.class);
        if (tree instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                String text = "explanation".equals(k) && v instanceof Map<?, ?> w ? words(w) : text(v);
                if (!text.isEmpty()) {
                    out.put(String.valueOf(k), text);
                }
            });
        } else {
            out.put("value", text(tree));
        }
        return out;
    }

    /**
     * A reason in words as a reviewer reads it: the sentence, then its fix and its code, which the report's appendix
     * explains (a docs/reasons.md path is of no use to a reviewer holding only the PDF).
     */
    private static String words(Map<?, ?> w) {
        Object why = w.get("text");
        Object fix = w.get("fix");
        Object doc = w.get("doc");
        return (why == null ? "" : why + ".") + (fix == null ? "" : " Fix: " + fix + ".")
                + (doc == null ? "" : " " + ReasonsAppendix.cite(String.valueOf(doc)));
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
            // "reason=, message=" of a Ready condition read as values left blank by mistake
            m.forEach((k, x) -> {
                String t = text(x);
                if (!t.isEmpty()) {
                    parts.add(k + "=" + t);
                }
            });
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
