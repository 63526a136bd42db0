package io.gpulab.app.gui;

import io.gpulab.app.gui.vm.LabOpener;
import io.gpulab.app.gui.vm.OpenedLab;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.BuiltinScenarios;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import java.io.IOException;

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
        String source = synthetic.isPresent() ? synthetic.get() : BuiltinScenarios.source(scenarioName);
        return new OpenedLab(backend, new RecordedScenario.Origin(source, scenario));
    }
}
