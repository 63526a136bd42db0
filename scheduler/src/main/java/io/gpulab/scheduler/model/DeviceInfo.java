package io.gpulab.scheduler.model;

/**
 * One card as the device plugin registers it in {@code hami.io/node-nvidia-register} (HAMi
 * {@code DeviceInfo}): {@code count} sharing slots, {@code devMem} MB, {@code devCore} core units.
 *
 * @param id     the card UUID, e.g. {@code GPU-0}
 * @param index  the card's index on its node
 * @param count  sharing slots (deviceSplitCount)
 * @param devMem registered memory in MB (already scaled by deviceMemoryScaling)
 * @param devCore registered core units (deviceCoreScaling x 100)
 * @param type   the type string, e.g. {@code NVIDIA-NVIDIA A100-SXM4-80GB} or {@code NVIDIA}
 * @param numa   NUMA node
 * @param mode   {@code hami-core}, {@code mig} or {@code mps}
 * @param health whether the plugin reports the card healthy
 * @param migProfiles the MIG profiles a {@code mig}-mode card offers (empty otherwise)
 */
public record DeviceInfo(String id, int index, int count, int devMem, int devCore, String type, int numa,
                         String mode, boolean health, java.util.List<MigProfile> migProfiles) {

    public static final String DEFAULT_MODE = "hami-core";
    public static final String MIG_MODE = "mig";

    public DeviceInfo {
        migProfiles = java.util.List.copyOf(migProfiles);
    }

    /** A card without MIG profiles. */
    public DeviceInfo(String id, int index, int count, int devMem, int devCore, String type, int numa, String mode,
                      boolean health) {
        this(id, index, count, devMem, devCore, type, numa, mode, health, java.util.List.of());
    }

    public DeviceInfo withHealth(boolean newHealth) {
        return new DeviceInfo(id, index, count, devMem, devCore, type, numa, mode, newHealth, migProfiles);
    }

    /** Whether HAMi treats the card as a MIG card ({@code mode == "mig"}). */
    public boolean isMig() {
        return MIG_MODE.equals(mode);
    }
}
