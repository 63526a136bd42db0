package io.gpulab.engine.plan;

import java.util.List;

/**
 * {@code sensitivity} of a plan: how robust the answer is to the order pods arrive in and to demand growth.
 * Each candidate is replayed under {@code orders} seeded arrival orders at every growth step.
 *
 * @param orders how many arrival orders, each a seeded shuffle ({@code seed}, {@code seed + 1}, ...)
 * @param growth demand growth steps in percent, e.g. {@code [0, 10, 25]}
 * @param seed   the first order's seed
 */
public record SensitivitySpec(int orders, List<Integer> growth, long seed) {

    /** Orders a plan (or {@code --orders}) may ask for. */
    public static final int MAX_ORDERS = 1000;

    public SensitivitySpec {
        growth = List.copyOf(growth);
    }

    /** The seed of order {@code k} (0-based). */
    public long seedOf(int k) {
        return seed + k;
    }
}
