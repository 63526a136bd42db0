package io.gpulab.engine.plan;

/**
 * A plan stopped while replaying because the steps it had replayed passed its work bound ({@link PlanLimits#MAX_WORK}
 * or {@code --max-work}): the up-front estimate let it start, the work it really did did not. Its message is one line
 * with the bound, the steps done and where the plan was; nothing of the plan's answer exists, so nothing is written.
 */
public final class PlanWorkExceeded extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long bound;
    private final long done;

    PlanWorkExceeded(String message, long bound, long done) {
        super(message, null, false, false);
        this.bound = bound;
        this.done = done;
    }

    /** The bound the plan ran past, in replay steps. */
    public long bound() {
        return bound;
    }

    /** The steps replayed when the plan was stopped (the bound, plus what the replays running at once had added). */
    public long done() {
        return done;
    }
}
