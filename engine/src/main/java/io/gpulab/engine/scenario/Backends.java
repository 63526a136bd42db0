package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.lab.LabSpec;

import java.util.List;
import java.util.ServiceLoader;

/** Finds {@link BackendFactory} implementations by id through the {@link ServiceLoader}. */
public final class Backends {

    private Backends() {
    }

    /** The ids of every backend on the classpath, e.g. {@code [sim, cluster]}. */
    public static List<String> ids() {
        return factories().stream().map(BackendFactory::id).sorted().toList();
    }

    /**
     * Opens backend {@code id} on {@code lab}.
     *
     * @throws IllegalArgumentException for an unknown id (naming the ones available)
     */
    public static LabBackend open(String id, LabSpec lab, BackendOptions options) {
        for (BackendFactory f : factories()) {
            if (f.id().equals(id)) {
                return f.open(lab, options);
            }
        }
        throw new IllegalArgumentException("no backend '" + id + "' (available: " + String.join(", ", ids()) + ")");
    }

    private static List<BackendFactory> factories() {
        return ServiceLoader.load(BackendFactory.class, Backends.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).toList();
    }
}
