package io.gpulab.scheduler.usage;

/**
 * A pod as the scheduler's pod cache sees it.
 *
 * @param podKey             {@code namespace/name}
 * @param node               {@code hami.io/vgpu-node}
 * @param allocated          {@code hami.io/vgpu-devices-allocated}
 * @param initContainerCount how many of the annotation's entries are init containers
 * @param initDone           every init container terminated with exit code 0 (usage shrinks to app-only)
 * @param terminal           phase Succeeded or Failed (the pod no longer counts)
 */
public record PodAllocation(String podKey, String node, String allocated, int initContainerCount,
                            boolean initDone, boolean terminal) {
}
