package io.gpulab.scheduler.lock;

import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.NodeLockCodec;
import io.gpulab.scheduler.codec.NodeLockValue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.BiPredicate;
import org.jspecify.annotations.Nullable;

/**
 * HAMi's node lock rules on {@code hami.io/mutex.lock} (HAMi v2.10 pkg/util/nodelock/nodelock.go) as pure decisions: the caller
 * passes the node's current annotation value and applies the returned value. Time comes from the injected
 * clock, so a virtual clock makes the 5-minute expiry take no wall time.
 */
public final class NodeLock {

    /** HAMi's default {@code --node-lock-timeout}. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

    private final Clock clock;
    private final Duration timeout;

    public NodeLock(Clock clock, Duration timeout) {
        this.clock = clock;
        this.timeout = timeout;
    }

    public NodeLock(Clock clock) {
        this(clock, DEFAULT_TIMEOUT);
    }

    public Duration timeout() {
        return timeout;
    }

    /**
     * {@code LockNode}: decides whether {@code namespace/pod} may take the lock on {@code node}.
     *
     * @param current     the node's current {@code hami.io/mutex.lock} value, null when absent
     * @param holderAlive whether a pod {@code (namespace, name)} still exists (dangling-holder takeover)
     */
    public LockDecision acquire(String node, @Nullable String current, String namespace, String pod,
                                BiPredicate<String, String> holderAlive) {
        Instant now = clock.instant();
        String mine = NodeLockCodec.encode(now, namespace, pod);
        if (current == null) {
            return new LockDecision(LockOutcome.ACQUIRED, mine, null);
        }
        Decoded<NodeLockValue> d = NodeLockCodec.decode(current);
        if (!d.isOk()) {
            return new LockDecision(LockOutcome.MALFORMED, null, d.error().message());
        }
        NodeLockValue v = d.value();
        if (Duration.between(v.since(), now).compareTo(timeout) > 0) {
            return new LockDecision(LockOutcome.TOOK_OVER_EXPIRED, mine, null);
        }
        if (v.heldBy(namespace, pod)) {
            return new LockDecision(LockOutcome.REENTRANT, null, null);
        }
        if (!v.legacy() && !holderAlive.test(v.namespace(), v.podName())) {
            return new LockDecision(LockOutcome.TOOK_OVER_DANGLING, mine, null);
        }
        return new LockDecision(LockOutcome.CONTENTION, null,
                "node " + node + " has been locked within " + GoDuration.format(timeout) + ": node lock contention");
    }

    /**
     * {@code ReleaseNodeLock}: whether the annotation should be removed. A lock held by another pod is kept
     * unless {@code skipOwnerCheck}; a legacy bare-timestamp lock is released regardless of owner.
     */
    public boolean shouldRelease(@Nullable String current, String namespace, String pod, boolean skipOwnerCheck) {
        if (current == null) {
            return false;
        }
        if (skipOwnerCheck) {
            return true;
        }
        // HAMi's owner check is a suffix test on the raw value (",<ns>,<name>"), not a parse: a lock whose time
        // part does not parse is still removed by its owner (HAMi nodelock.go ReleaseNodeLock, strings.HasSuffix)
        if (current.endsWith("," + namespace + "," + pod)) {
            return true;
        }
        Decoded<NodeLockValue> d = NodeLockCodec.decode(current);
        return d.isOk() && d.value().legacy();
    }

    /** What the lock looks like now. */
    public LockState inspect(@Nullable String current) {
        if (current == null) {
            return LockState.FREE;
        }
        Decoded<NodeLockValue> d = NodeLockCodec.decode(current);
        if (!d.isOk()) {
            return new LockState(true, null, null, null, false, d.error().message());
        }
        NodeLockValue v = d.value();
        Instant expires = v.since().plus(timeout);
        boolean expired = Duration.between(v.since(), clock.instant()).compareTo(timeout) > 0;
        String holder = v.legacy() ? null : v.namespace() + "/" + v.podName();
        return new LockState(true, holder, v.since(), expires, expired, null);
    }

    /** The error a PodGroup member gets after retrying on contention for {@code retryTimeout} (default 28s). */
    public static String retryTimedOut(String node, Duration retryTimeout) {
        return "timed out after " + GoDuration.format(retryTimeout) + " waiting for node " + node
                + " to be unlocked: node lock contention";
    }

    /** {@code SetNodeLock}'s check when it re-reads the node: someone else set it meanwhile. */
    public static String setContention(String node) {
        return "node " + node + " is locked: node lock contention";
    }
}
