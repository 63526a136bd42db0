package io.gpulab.engine.lab;

import org.jspecify.annotations.Nullable;

/**
 * Cards of one kind on a worker: either a catalog {@code model} (e.g. {@code A100-80GB}) or an explicit
 * {@code type}/{@code memoryMB}; any explicit value overrides the catalog's. {@code count} cards are
 * created; a stated {@code uuid} only makes sense with {@code count == 1}.
 *
 * @param model    catalog model name, or {@code null} for an explicit card
 * @param count    how many such cards (>= 1)
 * @param type     HAMi type string (e.g. {@code NVIDIA A100-SXM4-80GB}), or {@code null} for the catalog's
 * @param memoryMB physical memory in MB, or {@code null} for the catalog's
 * @param cores    core units before deviceCoreScaling, or {@code null} for 100
 * @param slots    sharing slots, or {@code null} for {@code lab.hami.deviceSplitCount}
 * @param numa     NUMA node, or {@code null} for 0
 * @param uuid     card id, or {@code null} to generate {@code GPU-<node>-<index>}
 * @param health   initial health, or {@code null} for healthy
 * @param mode     the operating mode HAMi registers: any string, as HAMi accepts ({@code hami-core} by default,
 *                 {@code mig}, {@code mps}, ...)
 * @param used     usage observed elsewhere (what-if from a real cluster), or {@code null}
 * @throws IllegalArgumentException naming the field for an impossible combination
 */
public record CardSpec(@Nullable String model, int count, @Nullable String type, @Nullable Integer memoryMB,
                       @Nullable Integer cores, @Nullable Integer slots, @Nullable Integer numa,
                       @Nullable String uuid, @Nullable Boolean health, @Nullable String mode,
                       @Nullable CardUsageSpec used) {

    public CardSpec {
        if (count < 1 || count > LabLimits.MAX_CARDS_PER_WORKER) {
            throw new IllegalArgumentException("card count must be between 1 and " + LabLimits.MAX_CARDS_PER_WORKER
                    + " (cards per worker), got " + count);
        }
        if (model == null && (type == null || memoryMB == null)) {
            throw new IllegalArgumentException("a card needs a catalog 'model' or both 'type' and 'memoryMB'");
        }
        if (type != null && type.isBlank()) {
            throw new IllegalArgumentException("card type must not be blank");
        }
        requirePositive(memoryMB, "memoryMB");
        requirePositive(cores, "cores");
        requirePositive(slots, "slots");
        if (numa != null && numa < 0) {
            throw new IllegalArgumentException("card numa must be >= 0, got " + numa);
        }
        if (uuid != null && count != 1) {
            throw new IllegalArgumentException("card uuid '" + uuid + "' given with count " + count
                    + " (a uuid names exactly one card)");
        }
        if (used != null && count != 1) {
            throw new IllegalArgumentException("card 'used' given with count " + count + " (usage is per card)");
        }
    }

    /** {@code count} cards of a catalog model, everything else from the catalog and the lab settings. */
    public static CardSpec ofModel(String model, int count) {
        return new CardSpec(model, count, null, null, null, null, null, null, null, null, null);
    }

    /** {@code count} explicit cards. */
    public static CardSpec explicit(String type, int memoryMB, int cores, int slots, int count, int numa) {
        return new CardSpec(null, count, type, memoryMB, cores, slots, numa, null, null, null, null);
    }

    private static void requirePositive(@Nullable Integer v, String field) {
        if (v != null && v <= 0) {
            throw new IllegalArgumentException("card " + field + " must be > 0, got " + v);
        }
    }
}
