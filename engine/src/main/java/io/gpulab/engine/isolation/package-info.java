/**
 * Isolation by layer (docs/isolation.md): for each layer a tenant depends on (management nodes, DataStore, its
 * schema, API server, controller-manager and scheduler, Konnectivity, workers, cards), which tenants share it and
 * what each tenant loses when it fails, derived by injecting that failure with the engine's own fault commands into
 * a fresh copy of the simulated lab and observing each tenant through probe pods. Nothing here knows an answer in
 * advance: every cell quotes what the copy showed.
 */
@NullMarked
package io.gpulab.engine.isolation;

import org.jspecify.annotations.NullMarked;
