package io.gpulab.scheduler.model;

/**
 * One card given to one container (HAMi {@code ContainerDevice}), as encoded in
 * {@code hami.io/vgpu-devices-allocated}: {@code <uuid>,<type>,<usedmem>,<usedcores>:}.
 */
public record ContainerDevice(String uuid, String type, int usedMem, int usedCores) {
}
