package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.PodDevices;

/**
 * A pod fitted against one node ({@code scoreNode}).
 *
 * @param fits    every container fits
 * @param reason  the failing container's reason string; empty when it fits
 * @param devices cards per container (init first), empty entries for containers without a request
 * @param score   the node score from existing usage (section 3.7)
 */
public record NodeFit(boolean fits, String reason, PodDevices devices, float score) {
}
