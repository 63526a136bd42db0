/**
 * Lab metrics computed from a snapshot (docs/metrics.md): GPU allocation as the FGD paper defines it, card
 * memory, compute and slot utilisation, host CPU and memory, stranded capacity, pending pods by reason; and the
 * allocation curve of a replay. Works on any backend's snapshot.
 */
@NullMarked
package io.gpulab.engine.metrics;

import org.jspecify.annotations.NullMarked;
