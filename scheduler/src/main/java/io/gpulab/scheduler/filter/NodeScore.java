package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.PodDevices;

/**
 * A node that fits, with its HAMi node score (float32, existing usage only) and the cards it would give.
 */
public record NodeScore(String node, float score, PodDevices devices) {
}
