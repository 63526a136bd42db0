package io.gpulab.engine.scenario;

import org.jspecify.annotations.Nullable;

import java.io.InputStream;
import java.util.List;

/** The scenarios shipped in assets ({@code gpulab/scenarios/NAME.yaml}), addressable by name. */
public final class BuiltinScenarios {

    private static final List<String> NAMES = List.of("article", "lock-lifecycle", "running-is-not-proof",
            "shared-datastore", "tcp-replicas", "tenant-upgrade");

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
}
