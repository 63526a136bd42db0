package io.gpulab.engine.plan;

import org.jspecify.annotations.Nullable;

import java.io.InputStream;
import java.util.List;

/** The example plans shipped in assets ({@code gpulab/plans/NAME.yaml}), addressable by name. */
public final class BuiltinPlans {

    private static final List<String> NAMES = List.of("inference-a100-vs-l4", "mixed-fleet", "kamaji-vs-dedicated");

    private BuiltinPlans() {
    }

    public static List<String> names() {
        return NAMES;
    }

    /** The plan's YAML, or {@code null} when there is no built-in of that name. */
    public static @Nullable InputStream open(String name) {
        if (!name.matches("[a-z0-9-]+")) {
            return null;
        }
        return BuiltinPlans.class.getResourceAsStream("/gpulab/plans/" + name + ".yaml");
    }
}
