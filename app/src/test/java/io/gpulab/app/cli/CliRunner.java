package io.gpulab.app.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

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
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = CLI;
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new TerminalText(err), true)); // as stderr always is
        int exit = cli.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }
}
