package io.gpulab.scheduler.lock;

/** How an acquire attempt ended. */
public enum LockOutcome {
    /** No lock was set; it is now ours. */
    ACQUIRED,
    /** The previous lock was older than the timeout; it was released and replaced. */
    TOOK_OVER_EXPIRED,
    /** The same pod already holds it (HAMi calls LockNode once per device vendor). */
    REENTRANT,
    /** The holder pod no longer exists; released and replaced. */
    TOOK_OVER_DANGLING,
    /** Another live pod holds a fresh lock. */
    CONTENTION,
    /** The current value cannot be parsed; the bind fails with the parse error. */
    MALFORMED
}
