package io.gpulab.scheduler.model;

/**
 * A registered card with what HAMi has booked on it (HAMi {@code DeviceUsage}): slots, MB and core
 * units used by the pods the scheduler knows about.
 */
public record DeviceUsage(DeviceInfo info, int usedSlots, int usedMem, int usedCores,
                          java.util.List<MigPlacement> migInUse) {

    public DeviceUsage {
        migInUse = java.util.List.copyOf(migInUse);
    }

    /** A card without MIG instances in use. */
    public DeviceUsage(DeviceInfo info, int usedSlots, int usedMem, int usedCores) {
        this(info, usedSlots, usedMem, usedCores, java.util.List.of());
    }

    public static DeviceUsage idle(DeviceInfo info) {
        return new DeviceUsage(info, 0, 0, 0);
    }

    public String id() {
        return info.id();
    }

    /** This card with one more container's share booked on it (one slot per container). */
    public DeviceUsage plus(int slots, int mem, int cores) {
        return new DeviceUsage(info, usedSlots + slots, usedMem + mem, usedCores + cores, migInUse);
    }

    /** This card with a share returned; never below zero, so a double release cannot corrupt it. */
    public DeviceUsage minus(int slots, int mem, int cores) {
        return new DeviceUsage(info, Math.max(0, usedSlots - slots), Math.max(0, usedMem - mem),
                Math.max(0, usedCores - cores), migInUse);
    }
}
