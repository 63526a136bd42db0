package io.gpulab.engine.plan;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A candidate's replay awaited from the plan's pool: its failure reaches the caller as the replay threw it (a
 * cancellation stays one, an OutOfMemoryError stays one for the launcher's line), and an interrupted wait or an
 * Error cancels every replay still running.
 */
final class ReplayFutures {

    private ReplayFutures() {
    }

    static CandidateResult await(Future<CandidateResult> f, AtomicBoolean cancelled) {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CancellationException ce) {
                throw ce;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                // out of memory above all: the replays still running stop rather than hold the heap while it is said
                cancelled.set(true);
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancelled.set(true);
            throw new CancellationException("interrupted");
        }
    }
}
