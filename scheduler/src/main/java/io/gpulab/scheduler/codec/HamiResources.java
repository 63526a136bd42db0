package io.gpulab.scheduler.codec;

/** HAMi's default NVIDIA resource names (chart values, {@code InitDefaultDevices}). */
public final class HamiResources {

    /** Number of distinct physical cards for the container; each takes one sharing slot. */
    public static final String GPU = "nvidia.com/gpu";
    /** MB of card memory per card. */
    public static final String GPU_MEM = "nvidia.com/gpumem";
    /** Percent of each card's registered memory. */
    public static final String GPU_MEM_PERCENTAGE = "nvidia.com/gpumem-percentage";
    /** Core units per card, 0..100 (100 = exclusive). */
    public static final String GPU_CORES = "nvidia.com/gpucores";
    /** Task priority; the webhook turns it into {@code CUDA_TASK_PRIORITY}. */
    public static final String PRIORITY = "nvidia.com/priority";
    /** The device type HAMi's NVIDIA backend handles. */
    public static final String NVIDIA_TYPE = "NVIDIA";
    /** The scheduler name the webhook writes. */
    public static final String SCHEDULER_NAME = "hami-scheduler";

    private HamiResources() {
    }
}
