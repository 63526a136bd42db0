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
            CatalogCommand.class,
        })
public final class GpulabCommand implements Runnable {

    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing command");
    }

    /** A configured command line: usage errors exit 2, as the CLI contract says. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new GpulabCommand());
        cli.setExitCodeExceptionMapper(e -> EXIT_USAGE);
        cli.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("gpulab: " + ex.getMessage());
            ex.getCommandLine().usage(ex.getCommandLine().getErr());
            return EXIT_USAGE;
        });
        return cli;
    }
}
