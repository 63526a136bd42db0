package io.gpulab.scheduler.bench;

import io.gpulab.scheduler.model.PodDevices;
import org.jspecify.annotations.Nullable;

/**
 * One pod's placement.
 *
 * @param node    the chosen node, null when nothing fits (or the pod asks for no card)
 * @param devices cards per container, empty when not placed
 */
public record Decision(@Nullable String node, PodDevices devices) {

    public static final Decision NONE = new Decision(null, PodDevices.empty());
}
