package io.gpulab.engine.cluster;

/**
 * One pending pod replayed on the simulated copy of the observed lab.
 *
 * @param phase  the pod's phase in the simulation ({@code Running}, {@code Pending}, {@code Rejected})
 * @param node   where the simulation placed it, or empty
 * @param reason the simulation's reason when it stays pending, e.g. {@code CardInsufficientMemory}
 */
public record WhatIfOutcome(String tenant, String podKey, String phase, String node, String reason) { }
