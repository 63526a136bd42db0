package io.gpulab.scheduler.usage;

/**
 * What one pod holds on one card after collapsing its containers (HAMi {@code CollapseInitContainerUsage}).
 *
 * @param uuid  the card
 * @param slots sharing slots taken (at least 1)
 * @param mem   MB
 * @param cores core units
 */
public record DeviceShare(String uuid, int slots, int mem, int cores) {
}
