package io.gpulab.app.cli;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.engine.scenario.ScenarioReader;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/** What the scenario commands share: loading with located errors, opening a backend, the JSON writer. */
final class CliSupport {

    private CliSupport() {
    }

    /** The scenario, or {@code null} after printing the located error to stderr. */
    static @Nullable Scenario load(CommandSpec spec, String scenario) {
        try {
            return new ScenarioReader().load(scenario);
        } catch (ScenarioException e) {
            err(spec).println("gpulab: " + e.getMessage());
            return null;
        }
    }

    /** A scenario and the simulated lab built for it. */
    record Loaded(Scenario scenario, LabBackend backend) { }

    /**
     * As {@link #load} then {@link #open} on the simulated lab, or {@code null} after printing why not (the same
     * message, in the same order of precedence). The steps are read on a second thread while the lab is built: on a
     * 50,000-step replay each takes ~0.1 s, and building a simulated lab has nothing to undo when the steps then
     * turn out invalid.
     */
    static @Nullable Loaded loadSim(CommandSpec spec, String scenario) {
        ScenarioReader.Head head;
        try {
            head = new ScenarioReader().head(scenario);
        } catch (ScenarioException e) {
            err(spec).println("gpulab: " + e.getMessage());
            return null;
        }
        FutureTask<Scenario> steps = new FutureTask<>(head::steps);
        Thread reader = new Thread(steps, "gpulab-steps");
        reader.setDaemon(true);
        reader.start();
        LabBackend backend = null;
        RuntimeException refused = null;
        try {
            backend = Backends.open("sim", head.lab(), BackendOptions.NONE);
        } catch (IllegalArgumentException | IllegalStateException e) {
            refused = e;
        }
        Loaded loaded = null;
        try {
            Scenario s = join(steps);
            if (refused != null) {
                err(spec).println("gpulab: " + s.source() + ": backend sim: " + refused.getMessage());
                return null;
            }
            loaded = new Loaded(s, backend);
            return loaded;
        } catch (ScenarioException e) {
            err(spec).println("gpulab: " + e.getMessage());
            return null;
        } finally {
            // whatever ended the load (an invalid step, or a failure of the reader itself), a lab not handed on is closed
            if (loaded == null && backend != null) {
                backend.close();
            }
        }
    }

    /** What {@code work} answered, or what it threw (a checked cause wrapped). */
    static <T> T join(Future<T> work) {
        try {
            return work.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a worker thread", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The backend, or {@code null} after printing why it cannot be opened. */
    static @Nullable LabBackend open(CommandSpec spec, String backend, Scenario scenario, BackendOptions options) {
        try {
            return Backends.open(backend, scenario.lab(), options);
        } catch (IllegalArgumentException | IllegalStateException e) {
            err(spec).println("gpulab: " + scenario.source() + ": backend " + backend + ": " + e.getMessage());
            return null;
        }
    }

    /**
     * A cluster failure in one line; one that came from talking to a server ("cannot read the cluster", "cannot
     * build a client") names the library log, where fabric8's own account of it went.
     */
    static String clusterFailure(RuntimeException e) {
        String m = String.valueOf(e.getMessage());
        return m.startsWith("cannot ") ? m + io.gpulab.app.platform.LibraryLog.hint() : m;
    }

    static PrintWriter out(CommandSpec spec) {
        return spec.commandLine().getOut();
    }

    static PrintWriter err(CommandSpec spec) {
        return spec.commandLine().getErr();
    }

    /**
     * Writes {@code value} as one JSON document to stdout, followed by a newline ({@link JsonOutput}).
     *
     * @return the exit code: 0 when printed, 2 (said on stderr) when it could not be written
     */
    static int printJson(CommandSpec spec, Object value) {
        return JsonOutput.print(spec, value) ? GpulabCommand.EXIT_OK : GpulabCommand.EXIT_USAGE;
    }
}
