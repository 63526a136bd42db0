package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The scenarios shipped in assets ({@code gpulab/scenarios/NAME.yaml}), addressable by name. */
public final class BuiltinScenarios {

    private static final List<String> NAMES = List.of("article", "lock-lifecycle", "running-is-not-proof",
            "shared-datastore", "tcp-replicas", "tenant-upgrade", "tenant-faults");

    private BuiltinScenarios() {
    }

    public static List<String> names() {
        return NAMES;
    }

    /** The scenario's YAML, or {@code null} when there is no built-in of that name. */
    public static @Nullable InputStream open(String name) {
        if (!name.matches("[a-z0-9-]+")) {
            return null;
        }
        return BuiltinScenarios.class.getResourceAsStream("/gpulab/scenarios/" + name + ".yaml");
    }

    /**
     * The text of a scenario as {@link ScenarioReader#load} reads it: the file at {@code pathOrName}, else the built-in
     * of that name; empty when neither exists. Kept with what it reads as, so a report or a recorded history can carry
     * the file itself.
     */
    public static String source(String pathOrName) throws IOException {
        Path p = Path.of(pathOrName);
        if (Files.isRegularFile(p)) {
            return Files.readString(p, StandardCharsets.UTF_8);
        }
        try (InputStream in = open(pathOrName)) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
