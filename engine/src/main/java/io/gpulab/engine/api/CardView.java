package io.gpulab.engine.api;

import java.util.List;

/**
 * One card: what is registered and what HAMi has booked on it, with the pods sharing it.
 *
 * @param pods keys ({@code ns/name}) of the pods holding a share of this card
 * @param migSlices    memory slices of a card in {@code mig} mode (0 otherwise)
 * @param migInstances the MIG instances in use on it, by start slice
 */
public record CardView(String id, int index, String type, int memMB, int usedMemMB, int cores, int usedCores, int slots,
                       int usedSlots, boolean health, int numa, String mode, List<String> pods, int migSlices,
                       List<MigInstanceView> migInstances) {

    public CardView {
        pods = List.copyOf(pods);
        migInstances = List.copyOf(migInstances);
    }

    /** A card without MIG instances. */
    public CardView(String id, int index, String type, int memMB, int usedMemMB, int cores, int usedCores, int slots,
                    int usedSlots, boolean health, int numa, String mode, List<String> pods) {
        this(id, index, type, memMB, usedMemMB, cores, usedCores, slots, usedSlots, health, numa, mode, pods, 0,
                List.of());
    }
}
