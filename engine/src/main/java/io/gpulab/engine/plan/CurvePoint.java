package io.gpulab.engine.plan;

/**
 * One point of an allocation curve: arrived demand and allocated GPU, both in percent of the candidate's
 * GPU capacity (GPU-milli; a whole card is 1000).
 */
public record CurvePoint(double arrivedPct, double allocatedPct) { }
