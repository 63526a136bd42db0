package io.gpulab.app.cli;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code gpulab run SCENARIO [--json]}: run the steps on the simulated lab (docs/json-output.md). */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a scenario's steps on the simulated lab and check its expectations.",
            "Exit 0 when every expectation held, 1 when one failed, 2 for a bad scenario or arguments."})
public final class RunCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO",
            description = "a scenario file (YAML or JSON) or a built-in name: article, lock-lifecycle, "
                    + "running-is-not-proof")
    private String scenario;

    @Option(names = "--json", description = "print the run as one JSON document")
    private boolean json;

    @Override
    public Integer call() throws Exception {
        Scenario s = CliSupport.load(spec, scenario);
        if (s == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        try (LabBackend backend = CliSupport.open(spec, "sim", s, BackendOptions.NONE)) {
            if (backend == null) {
                return GpulabCommand.EXIT_USAGE;
            }
            RunResult run = new ScenarioRunner(backend).run(s);
            if (json) {
                CliSupport.printJson(spec, run);
            } else {
                RunSummary.print(run, CliSupport.out(spec));
            }
            return run.allPassed() ? GpulabCommand.EXIT_OK : GpulabCommand.EXIT_FAILED;
        }
    }
}
