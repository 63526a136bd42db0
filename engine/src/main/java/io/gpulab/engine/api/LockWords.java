package io.gpulab.engine.api;

import io.gpulab.scheduler.codec.BindPhase;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.lock.GoDuration;
import org.jspecify.annotations.Nullable;

import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pod in BindingFailed because the node lock is held, in words from the lab: which pod holds the lock, since when,
 * when HAMi takes it over (a lock older than the scheduler's node-lock timeout, 5m0s by default: HAMi v2.10
 * pkg/util/nodelock/nodelock.go LockNode), and what would free it. Instants are written as ISO-8601 (the workbench
 * shows them as its clock reads them).
 */
final class LockWords {

    /** The node HAMi's lock messages name ({@code node w has been locked within 5m0s}, {@code node w is locked}). */
    private static final Pattern NODE = Pattern.compile("node (\\S+) (?:has been locked|is locked|to be unlocked)");

    private LockWords() {
    }

    /** The sentence and its fix, or null when the lab does not show the node or the message is no lock wait. */
    static String @Nullable [] of(PlainReasons.Pod pod, LabNow now) {
        String node = pod.annotations().get(HamiAnnotations.VGPU_NODE);
        if (node == null || node.isEmpty()) {
            Matcher m = NODE.matcher(pod.message());
            node = m.find() ? m.group(1) : null;
        }
        NodeView n = node == null ? null : now.node(node).orElse(null);
        if (n == null) {
            return null;
        }
        String unlock = "remove the lock by hand (Unlock node; on a cluster: kubectl annotate node " + node + " "
                + HamiAnnotations.MUTEX_LOCK + "-)";
        LockView l = n.lock();
        if (l == null || !l.held()) {
            return new String[] {"could not bind to " + node + " while its node lock (" + HamiAnnotations.MUTEX_LOCK
                    + ") was held; the lock is free now: kube-scheduler's next attempt binds the pod",
                "nothing to do: kube-scheduler retries the pod"};
        }
        String holder = l.holder();
        StringBuilder text = new StringBuilder("cannot bind to " + node + ": ");
        text.append(holder.isEmpty() ? "its node lock (" + HamiAnnotations.MUTEX_LOCK + ") names no pod (a bare "
                + "timestamp) and was set at " + l.since()
                : holder + " holds its node lock (" + HamiAnnotations.MUTEX_LOCK + ") since " + l.since());
        PodView h = holder.isEmpty() ? null : now.pod(holder).orElse(null);
        boolean dangling = !holder.isEmpty() && h == null;
        if (dangling) {
            text.append("; that pod no longer exists, so HAMi takes the lock over at this pod's next attempt");
        } else if (h != null && BindPhase.ALLOCATING.value().equals(h.annotations().get(HamiAnnotations.BIND_PHASE))) {
            text.append(", and the device plugin has not finished its Allocate (" + HamiAnnotations.BIND_PHASE
                    + ": allocating), which releases the lock");
        }
        Duration timeout = Duration.between(l.since(), l.expires());
        Instant clock = now.clock();
        boolean expired = clock != null && clock.isAfter(l.expires());
        if (!dangling) {
            text.append(expired ? "; the lock is older than " + GoDuration.format(timeout) + " since " + l.expires()
                    + ", so HAMi takes it over at this pod's next attempt"
                    : "; HAMi takes the lock over once it is older than " + GoDuration.format(timeout) + ", after "
                    + l.expires());
        }
        String fix = dangling || expired ? "nothing to do: kube-scheduler's next attempt takes the lock over"
                : "wait until after " + l.expires() + ", or " + unlock;
        return new String[] {text.toString(), fix};
    }
}
