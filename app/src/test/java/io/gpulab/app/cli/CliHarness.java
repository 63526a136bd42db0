package io.gpulab.app.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs {@code gpulab} in-process, as the launcher does, capturing stdout, stderr and the exit code. */
final class CliHarness {

    record Result(int exit, String out, String err) { }

    private CliHarness() {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = GpulabCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new TerminalText(err), true)); // as stderr always is
        int exit = cli.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }
}
