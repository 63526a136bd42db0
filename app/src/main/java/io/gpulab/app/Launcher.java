package io.gpulab.app;

import io.gpulab.app.cli.GpulabCommand;
import io.gpulab.app.cli.OutOfMemoryLine;
import io.gpulab.app.platform.DisplayCheck;
import io.gpulab.app.platform.FontSetup;
import io.gpulab.app.platform.LibraryLog;
import io.gpulab.app.platform.StartupProbe;
import io.gpulab.app.platform.ToolkitHints;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;

/**
 * The single entry point of the jar and the installed launcher. It does not extend
 * {@code Application}: JavaFX on the classpath (fat jar, jpackage) refuses a main class that does.
 * With no arguments it opens the workbench; otherwise it runs a {@code gpulab} command headless.
 * Before anything loads JavaFX it makes sure fonts exist and, for the workbench, a display.
 */
public final class Launcher {

    /** Exit code when the workbench cannot open a window here (no display, no GTK). */
    public static final int EXIT_NO_DISPLAY = 3;

    private static final List<String> HELP_FLAGS = List.of("-h", "--help", "-V", "--version");

    private Launcher() {
    }

    public static void main(String[] args) {
        // before any command allocates: the heap given back and the line prepared for running out of it
        OutOfMemoryLine.reserve();
        // before any library class logs: their warnings and traces go to the log file, not the terminal
        LibraryLog.install(System.getenv(), System.getProperties());
        watchUncaught(opensWindow(args.length == 0 ? new String[] {"gui"} : args));
        int exit;
        try {
            exit = run(args);
        } catch (OutOfMemoryError e) {
            exit = OutOfMemoryLine.sayOnStderr("gpulab");
        } catch (StackOverflowError e) {
            System.err.println("gpulab: internal error (StackOverflowError)" + LibraryLog.hint());
            exit = GpulabCommand.EXIT_USAGE;
        }
        System.exit(exit);
    }

    /**
     * Routes a failure on any thread no one waits for through {@link #uncaught}; {@code window}: the workbench, which
     * stays open. Public for the child-JVM test of that route (UncaughtOutOfMemoryMain).
     */
    public static void watchUncaught(boolean window) {
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught(t, e, window));
    }

    /**
     * A failure on a thread no one waits for goes to the log; running out of memory is said in its line, and a
     * command then ends with it (exit 2) instead of going on, or waiting, without that thread. The workbench stays
     * open: what ran out may be one large export, and the lab on screen may not be saved yet.
     */
    private static void uncaught(Thread t, Throwable e, boolean window) {
        if (OutOfMemoryLine.causedBy(e)) {
            int code = OutOfMemoryLine.sayOnStderr("gpulab");
            if (!window) {
                System.exit(code);
            }
            return;
        }
        org.slf4j.LoggerFactory.getLogger(Launcher.class).error("uncaught in thread " + t.getName(), e);
    }

    /** Runs {@code gpulab} with these arguments and returns its exit code. */
    public static int run(String... args) {
        String[] effective = args.length == 0 ? new String[] {"gui"} : args;
        // asking fontconfig is a child process; building the command line meanwhile shortens the start
        Thread fonts = new Thread(Launcher::prepareFonts, "gpulab-font-setup");
        fonts.setDaemon(true);
        fonts.start();
        CommandLine cli = GpulabCommand.commandLine();
        awaitFonts(fonts);
        if (opensWindow(effective)) {
            Optional<String> problem = DisplayCheck.problem();
            if (problem.isPresent()) {
                System.err.println(problem.get());
                return EXIT_NO_DISPLAY;
            }
            StartupProbe.installIfRequested();
        }
        CommandLine.IExecutionExceptionHandler fallback = cli.getExecutionExceptionHandler();
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            Optional<String> hint = OutOfMemoryLine.causedBy(ex) ? Optional.empty() : ToolkitHints.explain(ex);
            if (hint.isPresent()) {
                cmd.getErr().println(hint.get());
                return EXIT_NO_DISPLAY;
            }
            return fallback.handleExecutionException(ex, cmd, parsed);
        });
        try {
            return cli.execute(effective);
        } catch (OutOfMemoryError e) {
            // a command that is a class (Callable) lets picocli pass an Error on unwrapped
            return OutOfMemoryLine.say(commandName(cli, effective), cli.getErr());
        }
    }

    /** {@code gpulab import openb}: the command words the arguments begin with. */
    static String commandName(CommandLine cli, String[] args) {
        StringBuilder name = new StringBuilder("gpulab");
        CommandLine at = cli;
        for (String a : args) {
            CommandLine sub = at.getSubcommands().get(a);
            if (sub == null) {
                break;
            }
            name.append(' ').append(a);
            at = sub;
        }
        return name.toString();
    }

    private static boolean opensWindow(String[] args) {
        return args[0].equals("gui") && List.of(args).stream().noneMatch(HELP_FLAGS::contains);
    }

    /** Font set-up must be complete before any JavaFX class reads its properties. */
    private static void awaitFonts(Thread fonts) {
        try {
            fonts.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void prepareFonts() {
        try {
            FontSetup.prepare();
        } catch (IOException | RuntimeException e) {
            // not fatal: machines with fonts never get here, and JavaFX names the problem itself
            System.err.println("gpulab: warning: no system fonts found and the bundled fonts could not be unpacked: "
                    + e.getMessage());
        }
    }
}
