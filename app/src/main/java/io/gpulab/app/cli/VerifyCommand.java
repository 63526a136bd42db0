package io.gpulab.app.cli;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.verify.VerifyReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;
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

    @Mixin
    private BackendMixin backend = new BackendMixin();

    @Option(names = "--allow-writes",
            description = "let --backend cluster|kind submit and delete the scenario's pods and remove node locks")
    private boolean allowWrites;

    @Option(names = "--report", paramLabel = "DIR", defaultValue = "gpulab-report",
            description = "directory for the report files (default: ${DEFAULT-VALUE})")
    private Path reportDir;

    @Mixin
    private OutputOptions output = new OutputOptions();

    @Override
    public Integer call() throws Exception {
        Scenario s = CliSupport.load(spec, scenario);
        if (s == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        if (backend.misuse() != null) {
            CliSupport.err(spec).println("gpulab verify: " + backend.misuse());
            return GpulabCommand.EXIT_USAGE;
        }
        try {
            VerifyReport.check(s.name(), reportDir, output.force);
        } catch (java.io.IOException e) {
            CliSupport.err(spec).println("gpulab verify: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        long start = System.nanoTime();
        if (!Backends.ids().contains(backend.backendId)) {
            CliSupport.err(spec).println("gpulab verify: no backend '" + backend.backendId + "' (available: "
                    + String.join(", ", Backends.ids()) + ")");
            return GpulabCommand.EXIT_USAGE;
        }
        LabBackend lab;
        try {
            lab = Backends.open(backend.backendId, s.lab(), backend.options(allowWrites));
        } catch (IllegalArgumentException | IllegalStateException e) {
            // a real lab that cannot be opened (a refused login, an unusable key, no kubeconfig): the report says so
            return notConnected(s, String.valueOf(e.getMessage()), start);
        }
        try (lab) {
            var unreadable = lab.unreadable();
            if (unreadable.isPresent()) {
                return notConnected(s, unreadable.get(), start);
            }
            RunResult run = new ScenarioRunner(lab).run(s);
            List<Path> files = report(run, lab.id(), start);
            if (files == null) {
                return GpulabCommand.EXIT_USAGE;
            }
            var out = CliSupport.out(spec);
            out.printf("%s on %s: %d passed, %d failed%n", run.scenario(), lab.id(), run.summary().passed(),
                    run.summary().failed());
            files.forEach(f -> out.println("  wrote " + f));
            run.warnings().forEach(w -> out.println("  warning: " + w));
            // a tenant a real backend could not fully observe: the cause, next to the failed checks
            lab.snapshot().tenants().forEach(t -> t.warnings().forEach(w ->
                    out.println("  tenant " + t.name() + ": " + w)));
            out.flush();
            return run.allPassed() ? GpulabCommand.EXIT_OK : GpulabCommand.EXIT_FAILED;
        }
    }

    /** The report of a run that could not start: why, and every step not run; exit 2. */
    private int notConnected(Scenario s, String why, long start) {
        RunResult run = RunResult.notConnected(s, backend.backendId, why);
        List<Path> files = report(run, backend.backendId, start);
        CliSupport.err(spec).println("gpulab verify: " + s.source() + ": backend " + backend.backendId + ": " + why
                + io.gpulab.app.platform.LibraryLog.hint());
        if (files != null) {
            files.forEach(f -> CliSupport.out(spec).println("  wrote " + f));
            CliSupport.out(spec).flush();
        }
        return GpulabCommand.EXIT_USAGE;
    }

    private @org.jspecify.annotations.Nullable List<Path> report(RunResult run, String backendId, long start) {
        try {
            return VerifyReport.write(run, backendId, (System.nanoTime() - start) / 1e9, reportDir, output.force);
        } catch (java.io.IOException e) {
            CliSupport.err(spec).println("gpulab verify: " + e.getMessage());
            return null;
        }
    }
}
