package io.gpulab.app.gui;

import io.gpulab.app.gui.vm.LabOpener;
import io.gpulab.app.gui.vm.OpenedLab;
import io.gpulab.app.gui.vm.ScenarioVerifier;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.BuiltinScenarios;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.scenario.Step;
import io.gpulab.engine.scenario.StepEvidence;
import io.gpulab.engine.scenario.StepResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Opens scenarios through the engine's scenario reader and backend registry (default backend: sim). */
public final class EngineLabOpener implements LabOpener {

    private final String backendId;
    private final BackendOptions options;

    public EngineLabOpener(String backendId, BackendOptions options) {
        this.backendId = backendId;
        this.options = options;
    }

    /** The simulated lab: in-process, deterministic, no Docker or cluster. */
    public static EngineLabOpener sim() {
        return new EngineLabOpener("sim", BackendOptions.NONE);
    }

    public String backendId() {
        return backendId;
    }

    /** Where the lab runs, for the window title: paths and context names only, never credentials. */
    public String describe() {
        if ("sim".equals(backendId)) {
            return "simulated";
        }
        StringBuilder b = new StringBuilder(backendId);
        if (options.kubeconfig() != null) {
            b.append(", kubeconfig ").append(options.kubeconfig());
        }
        if (options.context() != null) {
            b.append(", context ").append(options.context());
        }
        return b.append(options.allowWrites() ? ", writes after confirmation" : ", read-only").toString();
    }

    @Override
    public OpenedLab open(String scenarioName) throws IOException {
        var synthetic = SyntheticLab.yaml(scenarioName);
        Scenario scenario = synthetic.isPresent()
                ? new ScenarioReader().read(scenarioName, new java.io.StringReader(synthetic.get()), false)
                : new ScenarioReader().load(scenarioName);
        LabBackend backend = Backends.open(backendId, scenario.lab(), options);
        // the inspector shows why HAMi chose each pod's node and cards: the lab keeps that for its pods (on tenants of
        // up to 64 nodes; a real cluster keeps none)
        backend.explainDecisions(java.util.Set.of());
        ScenarioVerifier verifier = () -> verify(scenario);
        String source = synthetic.isPresent() ? synthetic.get() : source(scenarioName);
        return new OpenedLab(backend, commands(scenario), source, verifier);
    }

    private List<ScenarioVerifier.Check> verify(Scenario scenario) {
        try (LabBackend fresh = Backends.open(backendId, scenario.lab(), options)) {
            RunResult run = new ScenarioRunner(fresh).run(scenario);
            List<ScenarioVerifier.Check> checks = new ArrayList<>();
            for (StepResult r : run.steps()) {
                if (r.check()) {
                    // a passing check is reported with what it compared, as in verify's reports
                    String evidence = r.compared().isEmpty() ? StepEvidence.observed(r) : StepEvidence.compared(r);
                    checks.add(new ScenarioVerifier.Check(r.index() + ". " + r.title(), r.passed(),
                            r.passed() ? evidence : String.join("; ", r.problems())));
                }
            }
            return checks;
        }
    }

    /** The steps that change the lab, as engine commands (checks are skipped). */
    static List<LabCommand> commands(Scenario scenario) {
        List<LabCommand> out = new ArrayList<>();
        for (Step step : scenario.steps()) {
            ScenarioRunner.commandOf(step).ifPresent(out::add);
        }
        return out;
    }

    private static String source(String scenarioName) throws IOException {
        Path p = Path.of(scenarioName);
        if (Files.isRegularFile(p)) {
            return Files.readString(p, StandardCharsets.UTF_8);
        }
        try (InputStream in = BuiltinScenarios.open(scenarioName)) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
