package io.gpulab.engine.api;

import java.util.List;

/**
 * One card: what is registered and what HAMi has booked on it, with the pods sharing it.
 *
 * @param pods keys ({@code ns/name}) of the pods holding a share of this card
 */
public record CardView(String id, int index, String type, int memMB, int usedMemMB, int cores, int usedCores, int slots,
                       int usedSlots, boolean health, int numa, String mode, List<String> pods) {

    public CardView {
        pods = List.copyOf(pods);
    }
}
