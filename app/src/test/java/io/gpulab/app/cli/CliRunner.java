package io.gpulab.app.cli;

/**
 * The command line for tests outside this package (the fuzz suite): runs {@code gpulab} in-process as the
 * launcher does, capturing stdout, stderr and the exit code.
 */
public final class CliRunner {

    /** What one run printed and returned. */
    public record Result(int exit, String out, String err) { }

    /** One command line for every run: picocli resets every option before it parses, and building it is most
     * of a small run's cost. Runs are serialised, as the fuzz suite's are. */
    private static final picocli.CommandLine CLI = GpulabCommand.commandLine();

    private CliRunner() {
    }

    public static synchronized Result run(String... args) {
        CliHarness.Result r = CliHarness.on(CLI, args);
        return new Result(r.exit(), r.out(), r.err());
    }
}
