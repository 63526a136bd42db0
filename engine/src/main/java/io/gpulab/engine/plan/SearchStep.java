package io.gpulab.engine.plan;

/**
 * One replay of a {@code minimize: workers} search, as the method text reports it.
 *
 * @param workers      the count replayed
 * @param placedAll    every pod that fits the candidate was placed
 * @param stoppedEarly the replay stopped at the first pod that pended (it only had to show the count too small)
 */
public record SearchStep(int workers, boolean placedAll, boolean stoppedEarly) { }
