package io.gpulab.app.cli;

import io.gpulab.app.gui.SyntheticLab;
import io.gpulab.app.gui.WorkbenchApp;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.engine.scenario.ScenarioReader;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code gpulab gui [SCENARIO]}: the desktop workbench (the default with no arguments). */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = "Open the workbench on a scenario (default: the simulated article lab).")
public final class GuiCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", defaultValue = "article",
            description = "Built-in scenario name or scenario file (default: ${DEFAULT-VALUE}).")
    String scenario = "article";

    @Option(names = "--play", description = "Play the scenario's steps right after opening.")
    boolean play;

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
        WorkbenchApp.launch(scenario, play);
        return GpulabCommand.EXIT_OK;
    }
}
