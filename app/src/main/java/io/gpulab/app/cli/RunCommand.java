package io.gpulab.app.cli;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.BufferedWriter;
import java.io.PrintWriter;
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

    @Option(names = "--failed-nodes", paramLabel = "N", description = "with --json: list at most N failed nodes "
            + "per pending pod (the first by name; failedNodesOmitted counts the rest). Default: all of them, which on "
            + "a lab of thousands of nodes with thousands of pending pods is gigabytes")
    private @Nullable Integer failedNodes;

    @Override
    public Integer call() throws Exception {
        CliSupport.Loaded loaded = CliSupport.loadSim(spec, scenario);
        if (loaded == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        Scenario s = loaded.scenario();
        try (LabBackend backend = loaded.backend()) {
            if (failedNodes != null && failedNodes < 0) {
                CliSupport.err(spec).println("gpulab: run: --failed-nodes must be 0 or more, got " + failedNodes);
                return GpulabCommand.EXIT_USAGE;
            }
            // the text summary shows no per-node reasons: pending pods need not have theirs recomputed
            int limit = !json ? 0 : failedNodes == null ? Integer.MAX_VALUE : failedNodes;
            ScenarioRunner runner = new ScenarioRunner(backend, limit);
            if (json) {
                RunResult run = runner.run(s);
                int printed = CliSupport.printJson(spec, run);
                return printed != GpulabCommand.EXIT_OK ? printed : exit(run);
            }
            try (StepLines lines = new StepLines()) {
                RunResult run = runner.run(s, lines);
                // written in blocks, not flushed line by line (picocli's writer flushes every println)
                RunSummary.print(run, lines.lines(), new PrintWriter(new BufferedWriter(CliSupport.out(spec), 1 << 16)));
                return exit(run);
            }
        }
    }

    private static int exit(RunResult run) {
        return run.allPassed() ? GpulabCommand.EXIT_OK : GpulabCommand.EXIT_FAILED;
    }
}
