package io.gpulab.engine.api;

import java.time.Instant;

/**
 * A held node lock.
 *
 * @param holder  {@code ns/name} of the holding pod, or empty for a legacy bare-timestamp lock
 * @param expires {@code since} + nodeLockExpire: after this the next bind may take the lock over
 */
public record LockView(boolean held, String holder, Instant since, Instant expires) { }
