/**
 * The in-process {@code sim} backend: the whole Kamaji + HAMi lab (management cluster, tenant control
 * planes, Konnectivity tunnels, HAMi webhook and scheduler from {@code scheduler/}, the mock device
 * plugin from {@code mock-gpu/}, a kubelet) on a virtual clock, deterministic for a given lab and
 * command sequence. Entry point: {@link io.gpulab.engine.sim.SimBackend#start}.
 */
@NullMarked
package io.gpulab.engine.sim;

import org.jspecify.annotations.NullMarked;
