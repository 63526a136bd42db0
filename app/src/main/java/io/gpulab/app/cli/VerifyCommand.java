package io.gpulab.app.cli;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.verify.VerifyReport;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code gpulab verify SCENARIO [--backend sim|kind|cluster] [--report DIR]}: the scenario's checks as a
 * test report (JUnit XML, Markdown, HTML). Backends are found by id (see {@code BackendFactory}).
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Run a scenario's checks and write a test report: JUnit XML plus Markdown and HTML.",
            "Exit 0 when every check passed, 1 when one failed, 2 for a bad scenario, backend or arguments."})
public final class VerifyCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "a scenario file or a built-in name")
    private String scenario;

    @Option(names = "--backend", paramLabel = "ID", defaultValue = "sim",
            description = "sim (default), kind or cluster")
    private String backendId;

    @Option(names = "--report", paramLabel = "DIR", defaultValue = "gpulab-report",
            description = "directory for the report files (default: ${DEFAULT-VALUE})")
    private Path reportDir;

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "management-cluster kubeconfig for --backend cluster "
                    + "(default: $KUBECONFIG, ~/.kube/config)")
    private @Nullable Path kubeconfig;

    @Option(names = "--context", paramLabel = "NAME", description = "kubeconfig context for --backend cluster")
    private @Nullable String context;

    @Option(names = "--allow-writes",
            description = "let --backend cluster|kind submit and delete the scenario's pods and remove node locks")
    private boolean allowWrites;

    @Override
    public Integer call() throws Exception {
        Scenario s = CliSupport.load(spec, scenario);
        if (s == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        long start = System.nanoTime();
        BackendOptions options = new BackendOptions(kubeconfig, context, allowWrites);
        try (LabBackend backend = CliSupport.open(spec, backendId, s, options)) {
            if (backend == null) {
                return GpulabCommand.EXIT_USAGE;
            }
            RunResult run = new ScenarioRunner(backend).run(s);
            double seconds = (System.nanoTime() - start) / 1e9;
            var files = VerifyReport.write(run, backend.id(), seconds, reportDir);
            var out = CliSupport.out(spec);
            out.printf("%s on %s: %d passed, %d failed%n", run.scenario(), backend.id(), run.summary().passed(),
                    run.summary().failed());
            files.forEach(f -> out.println("  wrote " + f));
            out.flush();
            return run.allPassed() ? GpulabCommand.EXIT_OK : GpulabCommand.EXIT_FAILED;
        }
    }
}
