/**
 * The simulated HAMi device plugin ("mock-gpu"): a card catalog, node registration, the allocation
 * lifecycle and faults. Pure functions over annotations; no I/O beyond reading the catalog resource.
 */
@NullMarked
package io.gpulab.mockgpu;

import org.jspecify.annotations.NullMarked;
