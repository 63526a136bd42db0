package io.gpulab.app.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.engine.scenario.ScenarioReader;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.PrintWriter;

/** What the scenario commands share: loading with located errors, opening a backend, the JSON writer. */
final class CliSupport {

    /** Pretty JSON in the property order docs/json-output.md specifies; never closes stdout. */
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

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

    /** The backend, or {@code null} after printing why it cannot be opened. */
    static @Nullable LabBackend open(CommandSpec spec, String backend, Scenario scenario, BackendOptions options) {
        try {
            return Backends.open(backend, scenario.lab(), options);
        } catch (IllegalArgumentException | IllegalStateException e) {
            err(spec).println("gpulab: " + scenario.source() + ": backend " + backend + ": " + e.getMessage());
            return null;
        }
    }

    static PrintWriter out(CommandSpec spec) {
        return spec.commandLine().getOut();
    }

    static PrintWriter err(CommandSpec spec) {
        return spec.commandLine().getErr();
    }

    /** Writes {@code value} as JSON to stdout, followed by a newline. */
    static void printJson(CommandSpec spec, Object value) throws IOException {
        PrintWriter out = out(spec);
        JSON.writeValue(out, value);
        out.println();
        out.flush();
    }
}
