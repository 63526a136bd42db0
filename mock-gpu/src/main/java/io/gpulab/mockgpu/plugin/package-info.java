/**
 * The mock device plugin: turns a worker's card list into HAMi's registration annotations and node
 * capacity, completes allocations in {@code complete} or {@code article} mode, and handles faults.
 */
@NullMarked
package io.gpulab.mockgpu.plugin;

import org.jspecify.annotations.NullMarked;
