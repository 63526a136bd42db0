package io.gpulab.scheduler.lock;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * HAMi v2.10's {@code SetNodeLock} patch loop (pkg/util/nodelock/nodelock.go): the lock annotation is merge-patched
 * with the node's resourceVersion inside {@code retry.OnError(DefaultStrategy, ...)} ({@code Steps: 5}, 100 ms
 * doubling, jitter 0.5), retrying every error but contention. Before each retry the node is read again: a lock that
 * already ends with this pod's {@code ,<namespace>,<name>} is a patch whose response was lost (success); another
 * holder's lock is contention. After the fifth failure the error is wrapped as {@code failed to set node lock (node=N,
 * retry strategy={Duration:100ms Factor:2 Jitter:0.5 Steps:5 Cap:0s}): <last error>}.
 */
public final class LockPatch {

    /** HAMi's {@code DefaultStrategy} as Go's {@code %+v} prints it. */
    public static final String STRATEGY = "{Duration:100ms Factor:2 Jitter:0.5 Steps:5 Cap:0s}";
    /** {@code DefaultStrategy.Steps}: attempts in all. */
    public static final int STEPS = 5;

    /** What the API server answers one patch. */
    public enum Response {
        /** applied, answered */
        OK,
        /** 409: the node changed since it was read (resourceVersion), nothing applied */
        CONFLICT,
        /** applied, but the answer never reached the scheduler (a timeout) */
        LOST
    }

    /**
     * One attempt.
     *
     * @param backoffMillis the wait before it (0 for the first), before jitter (up to half again)
     * @param what          what happened, in words
     */
    public record Attempt(int number, long backoffMillis, String what) { }

    /**
     * @param written   the lock annotation is on the node (also after a failure whose last patch was applied)
     * @param succeeded SetNodeLock returned no error
     * @param error     HAMi's error when it did not succeed
     */
    public record Result(boolean written, boolean succeeded, List<Attempt> attempts, @Nullable String error) { }

    private LockPatch() {
    }

    /**
     * Runs the loop for {@code node}, the API server answering each patch with the next of {@code responses}.
     */
    public static Result set(String node, Supplier<Response> responses) {
        List<Attempt> attempts = new ArrayList<>();
        boolean written = false;
        String last = null;
        long backoff = 0;
        for (int n = 1; n <= STEPS; n++) {
            if (n > 1 && written) {
                attempts.add(new Attempt(n, backoff, "re-read the node: the lock already names this pod (the lost "
                        + "response's patch was applied): success"));
                return new Result(true, true, attempts, null);
            }
            Response r = responses.get();
            switch (r) {
                case OK -> {
                    attempts.add(new Attempt(n, backoff, "patched"));
                    return new Result(true, true, attempts, null);
                }
                case CONFLICT -> {
                    last = conflict(node);
                    attempts.add(new Attempt(n, backoff, "409 Conflict: " + last));
                }
                default -> {
                    written = true;
                    last = lost(node);
                    attempts.add(new Attempt(n, backoff, "response lost (the patch was applied): " + last));
                }
            }
            backoff = backoff == 0 ? 100 : backoff * 2;
        }
        return new Result(written, false, attempts, "failed to set node lock (node=" + node + ", retry strategy="
                + STRATEGY + "): " + last);
    }

    /** The API server's 409 for a patch whose resourceVersion is stale. */
    public static String conflict(String node) {
        return "Operation cannot be fulfilled on nodes \"" + node + "\": the object has been modified; please apply "
                + "your changes to the latest version and try again";
    }

    /** The client's error for an answer that never came. */
    public static String lost(String node) {
        return "the server was unable to return a response in the time allotted, but may still be processing the "
                + "request (patch nodes " + node + ")";
    }
}
