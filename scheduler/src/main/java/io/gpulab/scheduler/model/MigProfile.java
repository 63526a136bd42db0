package io.gpulab.scheduler.model;

import java.util.List;

/**
 * A MIG profile a card in {@code mig} mode offers (HAMi {@code device.MigProfile}, registered in
 * {@code hami.io/node-nvidia-register} as {@code migProfiles}).
 *
 * @param name       e.g. {@code 1g.10gb}
 * @param memoryMB   memory of one instance
 * @param core       core units one instance counts as
 * @param sliceCount compute slices of one instance
 * @param placements where an instance may be placed
 */
public record MigProfile(String name, int memoryMB, int core, int sliceCount, List<MigPlacement> placements) {

    public MigProfile {
        placements = List.copyOf(placements);
    }
}
