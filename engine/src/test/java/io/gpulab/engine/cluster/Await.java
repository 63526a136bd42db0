package io.gpulab.engine.cluster;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waits for a condition the code under test brings about on other threads (an informer's list, a watch event),
 * instead of a fixed number of short sleeps: on a loaded 2-core machine a list can take many seconds. The bound is
 * only a guard against a hang, far above any honest wait; the caller's assertion then says what was missing.
 */
public final class Await {

    /** Longest wait for one condition. */
    public static final Duration BOUND = Duration.ofMinutes(2);

    private Await() {
    }

    /** Polls {@code value} until {@code done} accepts it (or the bound passes); returns the last value seen. */
    public static <T> T until(Supplier<T> value, java.util.function.Predicate<T> done) throws InterruptedException {
        long end = System.nanoTime() + BOUND.toNanos();
        T v = value.get();
        while (!done.test(v) && System.nanoTime() < end) {
            Thread.sleep(20);
            v = value.get();
        }
        return v;
    }

    /** Polls until {@code condition} holds (or the bound passes); returns whether it held. */
    public static boolean until(java.util.function.BooleanSupplier condition) throws InterruptedException {
        return until(condition::getAsBoolean, b -> b);
    }
}
