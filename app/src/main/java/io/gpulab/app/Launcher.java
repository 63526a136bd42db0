package io.gpulab.app;

import io.gpulab.app.cli.GpulabCommand;
import picocli.CommandLine;

/**
 * The single entry point of the jar and the installed launcher. It does not extend
 * {@code Application}: JavaFX on the classpath (fat jar, jpackage) refuses a main class that does.
 * With no arguments it opens the workbench; otherwise it runs a {@code gpulab} command headless.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs {@code gpulab} with these arguments and returns its exit code. */
    public static int run(String... args) {
        CommandLine cli = GpulabCommand.commandLine();
        if (args.length == 0) {
            return cli.execute("gui");
        }
        return cli.execute(args);
    }
}
