package io.gpulab.app.cli;

import io.gpulab.app.GpulabVersion;
import io.gpulab.engine.output.OutputException;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.output.OutputKind;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * {@code --force} of every command that writes a file, and the one way such a command writes it (docs/outputs.md):
 * whole or not at all, a refusal or failure said in one line.
 */
final class OutputOptions {

    @Option(names = "--force", description = "replace an existing file gpulab did not write, or a symbolic link "
            + "(the link itself: what it points to is never written); gpulab's own earlier output is replaced anyway")
    boolean force;

    /** What {@code metadata.generator} of a scenario written by {@code command} says. */
    static String generator(String command) {
        return "gpulab " + GpulabVersion.VERSION + " " + command;
    }

    /**
     * Writes {@code target}; on a refusal or failure prints {@code gpulab COMMAND: FILE: why} and returns false.
     */
    boolean write(CommandSpec spec, String command, Path target, OutputKind kind, OutputFile.Body body) {
        try {
            OutputFile.write(target, kind, force, body);
            return true;
        } catch (OutputException e) {
            CliSupport.err(spec).println("gpulab " + command + ": " + e.getMessage());
            return false;
        }
    }
}
