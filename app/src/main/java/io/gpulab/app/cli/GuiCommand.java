package io.gpulab.app.cli;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.SyntheticLab;
import io.gpulab.app.gui.WorkbenchApp;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.engine.scenario.ScenarioReader;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gpulab gui [SCENARIO]}: the desktop workbench (the default with no arguments). */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = {"Open the workbench on a scenario (default: the simulated article lab).",
            "With --backend cluster it shows a real Kamaji + HAMi lab live; the scenario's steps can be played "
                    + "there with --allow-writes, after a confirmation."})
public final class GuiCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", defaultValue = "article",
            description = "Built-in scenario name or scenario file (default: ${DEFAULT-VALUE}).")
    String scenario = "article";

    @Option(names = "--play", description = "Play the scenario's steps right after opening.")
    boolean play;

    @Mixin
    BackendMixin backend = new BackendMixin();

    @Option(names = "--allow-writes", description = "on a real cluster, offer submit, delete and unlock "
            + "(each still asks for confirmation); without it the workbench only observes")
    boolean allowWrites;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (SyntheticLab.yaml(scenario).isEmpty()) {
            try {
                new ScenarioReader().load(scenario);
            } catch (ScenarioException e) {
                // fail on the command line, before a window opens
                spec.commandLine().getErr().println("gpulab gui: " + e.getMessage());
                return GpulabCommand.EXIT_USAGE;
            }
        }
        if (!io.gpulab.engine.scenario.Backends.ids().contains(backend.backendId)) {
            spec.commandLine().getErr().println("gpulab gui: unknown backend '" + backend.backendId + "' (known: "
                    + String.join(", ", io.gpulab.engine.scenario.Backends.ids()) + ")");
            return GpulabCommand.EXIT_USAGE;
        }
        if (backend.misuse() != null) {
            spec.commandLine().getErr().println("gpulab gui: " + backend.misuse());
            return GpulabCommand.EXIT_USAGE;
        }
        WorkbenchApp.launch(scenario, play, new EngineLabOpener(backend.backendId, backend.options(allowWrites)));
        return GpulabCommand.EXIT_OK;
    }
}
