package io.gpulab.scheduler.lock;

import org.jspecify.annotations.Nullable;

/**
 * The result of an acquire attempt.
 *
 * @param outcome  what happened
 * @param newValue the annotation value to write (null when nothing is written)
 * @param error    HAMi's error text for CONTENTION/MALFORMED, else null
 */
public record LockDecision(LockOutcome outcome, @Nullable String newValue, @Nullable String error) {

    public boolean acquired() {
        return error == null;
    }
}
