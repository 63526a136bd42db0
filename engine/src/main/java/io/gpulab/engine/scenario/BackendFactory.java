package io.gpulab.engine.scenario;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.lab.LabSpec;

/**
 * Opens a {@link LabBackend} for a scenario's lab; one implementation per backend id ({@code sim},
 * {@code kind}, {@code cluster}), registered in {@code META-INF/services/io.gpulab.engine.scenario.BackendFactory}
 * and found through {@link Backends}, so backends never import each other.
 */
public interface BackendFactory {

    /** {@code sim}, {@code kind} or {@code cluster}. */
    String id();

    /**
     * Builds (sim, kind) or attaches to (cluster) the lab.
     *
     * @throws IllegalArgumentException when the lab or options cannot be used by this backend
     * @throws IllegalStateException    when the backend is unavailable (no Docker, cluster unreachable)
     */
    LabBackend open(LabSpec lab, BackendOptions options);
}
