package io.gpulab.mockgpu.plugin;

import org.jspecify.annotations.Nullable;

/**
 * Cards of one kind as a worker declares them: a catalog model and/or explicit values (explicit wins).
 *
 * @param model    catalog model or alias, or {@code null}
 * @param count    how many cards (>= 1)
 * @param type     HAMi type string, or {@code null} for the catalog model's
 * @param memoryMB physical MB, or {@code null} for the catalog model's
 * @param cores    core units before scaling, or {@code null} for 100
 * @param slots    sharing slots, or {@code null} for the split count
 * @param numa     NUMA node, or {@code null} for 0
 * @param uuid     the card id, or {@code null} to number it
 * @param health   initial health, or {@code null} for healthy
 * @param mode     {@code hami-core}, {@code mig}, {@code mps}, or {@code null} for {@code hami-core}
 */
public record CardDeclaration(@Nullable String model, int count, @Nullable String type, @Nullable Integer memoryMB,
                              @Nullable Integer cores, @Nullable Integer slots, @Nullable Integer numa,
                              @Nullable String uuid, @Nullable Boolean health, @Nullable String mode) {

    public static CardDeclaration ofModel(String model, int count) {
        return new CardDeclaration(model, count, null, null, null, null, null, null, null, null);
    }
}
