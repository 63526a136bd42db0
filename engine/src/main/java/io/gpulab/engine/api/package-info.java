/**
 * What every backend (sim, kind, cluster) offers the GUI, the CLI and the tests: immutable snapshots of
 * the lab, an ordered event log, pod traces, and commands. Nothing here imports JavaFX.
 */
@NullMarked
package io.gpulab.engine.api;

import org.jspecify.annotations.NullMarked;
