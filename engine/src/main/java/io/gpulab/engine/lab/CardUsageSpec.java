package io.gpulab.engine.lab;

/**
 * Usage a card reports from elsewhere (a real cluster's snapshot replayed as a what-if): booked on the
 * card before any lab pod, by workloads the lab does not model.
 *
 * @param memMB MB already booked
 * @param cores core units already booked
 * @param slots sharing slots already taken
 * @throws IllegalArgumentException for negative values
 */
public record CardUsageSpec(int memMB, int cores, int slots) {

    public CardUsageSpec {
        if (memMB < 0 || cores < 0 || slots < 0) {
            throw new IllegalArgumentException("card used: memMB, cores and slots must be >= 0, got "
                    + memMB + ", " + cores + ", " + slots);
        }
    }
}
