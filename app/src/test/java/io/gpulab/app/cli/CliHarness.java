package io.gpulab.app.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs {@code gpulab} in-process, as the launcher does, capturing stdout, stderr and the exit code. */
final class CliHarness {

    record Result(int exit, String out, String err) { }

    private CliHarness() {
    }

    static Result run(String... args) {
        return on(GpulabCommand.commandLine(), args);
    }

    /** As {@link #run}, on a command line the caller keeps (building one is most of a small run's cost). */
    static Result on(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new TerminalText(err), true)); // as stderr always is
        int exit = cli.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }
}
