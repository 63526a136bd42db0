package io.gpulab.app.cli;

import io.gpulab.app.GpulabVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code gpulab} root command. Exit codes (docs/json-output.md): 0 every expectation held, 1 one
 * failed, 2 bad scenario or arguments.
 */
@Command(name = "gpulab", mixinStandardHelpOptions = true, version = "gpulab " + GpulabVersion.VERSION,
        description = "GPU Tenancy Lab: build, watch and test a multi-tenant GPU Kubernetes platform (Kamaji + HAMi).",
        subcommands = {
            // each command lives in its own file; add new ones here
            RunCommand.class, VerifyCommand.class, TraceCommand.class, ImportCommand.class,
            GuiCommand.class, ScreenshotCommand.class, ReportCommand.class, BenchCommand.class, PlanCommand.class,
            WhyPendingCommand.class, WhatIfCommand.class, KindCommand.class,
            CatalogCommand.class, IsolationCommand.class,
        })
public final class GpulabCommand implements Runnable {

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command");
    }

    /**
     * A configured command line (docs/outputs.md): usage errors exit 2; stderr, and stdout on a terminal, show control
     * characters from files and servers escaped ({@link TerminalText}); a failure no command expected is one line on
     * stderr with its trace in the library log, exit 2, never a stack trace on the terminal; running out of memory,
     * however wrapped, is {@link OutOfMemoryLine}'s line, exit 2.
     */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new GpulabCommand());
        java.io.Writer out = new java.io.OutputStreamWriter(System.out, java.nio.charset.Charset.defaultCharset());
        cli.setOut(new java.io.PrintWriter(System.console() != null ? new TerminalText(out) : out, true));
        cli.setErr(new java.io.PrintWriter(new TerminalText(new java.io.OutputStreamWriter(System.err,
                java.nio.charset.Charset.defaultCharset())), true));
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            String name = cmd.getCommandSpec().qualifiedName(" ");
            if (OutOfMemoryLine.causedBy(ex)) {
                return OutOfMemoryLine.say(name, cmd.getErr());
            }
            org.slf4j.LoggerFactory.getLogger(GpulabCommand.class).error(name + ": unexpected failure", ex);
            cmd.getErr().println(name + ": " + unexpected(ex) + io.gpulab.app.platform.LibraryLog.hint());
            return EXIT_USAGE;
        });
        cli.setExitCodeExceptionMapper(e -> EXIT_USAGE);
        cli.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("gpulab: " + ex.getMessage());
            ex.getCommandLine().usage(ex.getCommandLine().getErr());
            return EXIT_USAGE;
        });
        return cli;
    }

    /** One line for a failure no command caught: what it was, never its trace. */
    static String unexpected(Throwable ex) {
        Throwable t = ex instanceof java.io.UncheckedIOException u && u.getCause() != null ? u.getCause() : ex;
        String msg = t.getMessage() == null ? "" : t.getMessage().lines().findFirst().orElse("").strip();
        if (t instanceof java.io.IOException) {
            return "cannot read or write a file: " + (t instanceof java.nio.file.FileSystemException fs
                    ? fs.getFile() + ": " + (fs.getReason() == null ? t.getClass().getSimpleName() : fs.getReason())
                    : msg);
        }
        return "internal error (" + t.getClass().getSimpleName() + (msg.isEmpty() ? "" : ": " + msg) + ")";
    }
}
