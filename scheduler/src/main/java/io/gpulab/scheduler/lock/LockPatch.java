package io.gpulab.scheduler.lock;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * HAMi v2.10's node-lock patch loops (pkg/util/nodelock/nodelock.go), each inside {@code retry.OnError(DefaultStrategy,
 * ...)} ({@code Steps: 5}, 100 ms doubling, jitter 0.5), every attempt reading the node again and patching with its
 * resourceVersion:
 * <ul>
 *   <li>{@code SetNodeLock}: a lock that already ends with this pod's {@code ,<namespace>,<name>} is a patch whose
 *   response was lost (success); another holder's lock is contention, which is not retried;</li>
 *   <li>{@code ReleaseNodeLock}: a lock gone meanwhile is nothing to do; one that changed to another holder (or, a
 *   legacy or owner-blind release, to any other value) is kept; the same pod's lock, restamped, is patched again.</li>
 * </ul>
 * After the fifth failure the last error is wrapped: {@code failed to set node lock (node=N, retry strategy={Duration:
 * 100ms Factor:2 Jitter:0.5 Steps:5 Cap:0s}): <error>} ({@code release} likewise).
 */
public final class LockPatch {

    /** HAMi's {@code DefaultStrategy} as Go's {@code %+v} prints it. */
    public static final String STRATEGY = "{Duration:100ms Factor:2 Jitter:0.5 Steps:5 Cap:0s}";
    /** {@code DefaultStrategy.Steps}: attempts in all. */
    public static final int STEPS = 5;

    /** How the API server answers one patch. */
    public enum Kind {
        /** applied, answered */
        OK,
        /** 409: the node changed since it was read (resourceVersion), nothing applied */
        CONFLICT,
        /** applied, but the answer never reached the scheduler (a timeout) */
        LOST
    }

    /**
     * One answer.
     *
     * @param writes for a conflict, the lock value the concurrent write left on the node (null: the lock annotation
     *               is as it was; the node changed otherwise)
     */
    public record Answer(Kind kind, @Nullable String writes) {

        public static final Answer OK = new Answer(Kind.OK, null);
    }

    /**
     * One attempt.
     *
     * @param backoffMillis the wait before it (0 for the first), before jitter (up to half again)
     * @param what          what happened, in words
     */
    public record Attempt(int number, long backoffMillis, String what) { }

    /**
     * @param lock      the lock annotation after the loop (null: none)
     * @param succeeded the call returned no error
     * @param error     HAMi's error when it did not succeed
     */
    public record Result(@Nullable String lock, boolean succeeded, List<Attempt> attempts, @Nullable String error) { }

    private LockPatch() {
    }

    /**
     * {@code SetNodeLock}'s loop writing {@code mine} for the pod whose lock ends with {@code owner}
     * ({@code ,<namespace>,<name>}) on a node without a lock.
     */
    public static Result set(String node, String mine, String owner, Supplier<Answer> answers) {
        List<Attempt> attempts = new ArrayList<>();
        String current = null;
        String last = null;
        long backoff = 0;
        for (int n = 1; n <= STEPS; n++) {
            if (n > 1 && current != null) {
                if (current.contains(",") && current.endsWith(owner)) {
                    attempts.add(new Attempt(n, backoff, "re-read the node: the lock already names this pod (the lost "
                            + "response's patch was applied): success"));
                    return new Result(current, true, attempts, null);
                }
                String error = NodeLock.setContention(node);
                attempts.add(new Attempt(n, backoff, "re-read the node: locked by another holder (" + current
                        + "): " + error + ", not retried"));
                return new Result(current, false, attempts, wrap("set", node, error));
            }
            Answer a = answers.get();
            switch (a.kind()) {
                case OK -> {
                    attempts.add(new Attempt(n, backoff, "patched"));
                    return new Result(mine, true, attempts, null);
                }
                case CONFLICT -> {
                    last = conflict(node);
                    current = a.writes();
                    attempts.add(new Attempt(n, backoff, "409 Conflict: " + last + concurrent(a)));
                }
                default -> {
                    last = lost(node);
                    current = mine;
                    attempts.add(new Attempt(n, backoff, "response lost (the patch was applied): " + last));
                }
            }
            backoff = backoff == 0 ? 100 : backoff * 2;
        }
        return new Result(current, false, attempts, wrap("set", node, last));
    }

    /**
     * {@code ReleaseNodeLock}'s loop removing {@code lock} (the value the owner check passed) for the pod whose lock
     * ends with {@code owner}; {@code ownerBlind} for a legacy bare timestamp or a release that skips the owner check,
     * which removes only the very value it read.
     */
    public static Result release(String node, String lock, String owner, boolean ownerBlind,
                                 Supplier<Answer> answers) {
        List<Attempt> attempts = new ArrayList<>();
        String current = lock;
        String last = null;
        long backoff = 0;
        for (int n = 1; n <= STEPS; n++) {
            if (current == null) {
                attempts.add(new Attempt(n, backoff, "re-read the node: no lock any more: nothing to do"));
                return new Result(null, true, attempts, null);
            }
            boolean blind = ownerBlind || !current.contains(",");
            if (blind ? !current.equals(lock) : !current.endsWith(owner)) {
                attempts.add(new Attempt(n, backoff, "re-read the node: the lock changed to " + current
                        + ": kept"));
                return new Result(current, true, attempts, null);
            }
            Answer a = answers.get();
            switch (a.kind()) {
                case OK -> {
                    attempts.add(new Attempt(n, backoff, "patched (lock removed)"));
                    return new Result(null, true, attempts, null);
                }
                case CONFLICT -> {
                    last = conflict(node);
                    if (a.writes() != null) {
                        current = a.writes();
                    }
                    attempts.add(new Attempt(n, backoff, "409 Conflict: " + last + concurrent(a)));
                }
                default -> {
                    last = lost(node);
                    current = null;
                    attempts.add(new Attempt(n, backoff, "response lost (the patch was applied): " + last));
                }
            }
            backoff = backoff == 0 ? 100 : backoff * 2;
        }
        return new Result(current, false, attempts, wrap("release", node, last));
    }

    private static String concurrent(Answer a) {
        return a.writes() == null ? "" : " (another write left " + a.writes() + ")";
    }

    private static String wrap(String what, String node, @Nullable String error) {
        return "failed to " + what + " node lock (node=" + node + ", retry strategy=" + STRATEGY + "): " + error;
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
