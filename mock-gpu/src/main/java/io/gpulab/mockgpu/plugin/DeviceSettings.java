package io.gpulab.mockgpu.plugin;

/**
 * The device plugin's settings (HAMi chart names).
 *
 * @param deviceSplitCount    default sharing slots per card
 * @param deviceMemoryScaling registered memory = floor(physical MB x this)
 * @param deviceCoreScaling   registered core units = cores x this
 */
public record DeviceSettings(int deviceSplitCount, double deviceMemoryScaling, double deviceCoreScaling) {

    public static final DeviceSettings DEFAULTS = new DeviceSettings(10, 1.0, 1.0);
}
