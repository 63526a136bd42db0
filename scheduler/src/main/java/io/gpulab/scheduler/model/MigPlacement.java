package io.gpulab.scheduler.model;

/**
 * Where one MIG instance sits on its card (HAMi {@code device.MigPlacement}): memory slices
 * {@code start .. start+size-1}.
 */
public record MigPlacement(int start, int size) {

    /** Whether the two share a slice. */
    public boolean overlaps(MigPlacement o) {
        return start < o.start + o.size && o.start < start + size;
    }
}
