package io.gpulab.scheduler.model;

import java.time.Duration;

/**
 * HAMi's scheduler and device settings, named as in the Helm chart, with the chart's defaults.
 *
 * @param defaultMem          MB given to a container asking for a GPU without memory (0 = whole card)
 * @param defaultCores        core units given when {@code gpucores} is absent
 * @param defaultGpuNum       {@code nvidia.com/gpu} the webhook adds when only mem/cores are limited
 * @param memoryFactor        multiplier applied to {@code nvidia.com/gpumem}
 * @param deviceSplitCount    sharing slots per card
 * @param deviceMemoryScaling registered memory = floor(physical MB x this)
 * @param deviceCoreScaling   registered cores = this x 100
 * @param nodeSchedulerPolicy {@code binpack} | {@code spread}
 * @param gpuSchedulerPolicy  {@code binpack} | {@code spread} | ...
 * @param nodeLockTimeout     how long a node lock holds before it may be taken over
 * @param resourceNames       the resource names HAMi reads (chart {@code resourceName}, {@code resourceMem}, ...)
 */
public record SchedulerConfig(int defaultMem, int defaultCores, int defaultGpuNum, int memoryFactor,
                              int deviceSplitCount, double deviceMemoryScaling, double deviceCoreScaling,
                              String nodeSchedulerPolicy, String gpuSchedulerPolicy, Duration nodeLockTimeout,
                              ResourceNames resourceNames) {

    /** With the default resource names. */
    public SchedulerConfig(int defaultMem, int defaultCores, int defaultGpuNum, int memoryFactor,
                           int deviceSplitCount, double deviceMemoryScaling, double deviceCoreScaling,
                           String nodeSchedulerPolicy, String gpuSchedulerPolicy, Duration nodeLockTimeout) {
        this(defaultMem, defaultCores, defaultGpuNum, memoryFactor, deviceSplitCount, deviceMemoryScaling,
                deviceCoreScaling, nodeSchedulerPolicy, gpuSchedulerPolicy, nodeLockTimeout, ResourceNames.DEFAULTS);
    }

    public static final SchedulerConfig DEFAULTS = new SchedulerConfig(0, 0, 1, 1, 10, 1.0, 1.0,
            "binpack", "spread", Duration.ofMinutes(5));
}
