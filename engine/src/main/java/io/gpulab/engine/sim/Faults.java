package io.gpulab.engine.sim;

import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.lock.LockDecision;
import io.gpulab.scheduler.lock.LockOutcome;
import io.gpulab.scheduler.lock.LockPatch;
import io.gpulab.scheduler.lock.NodeLock;
import org.jspecify.annotations.Nullable;


/**
 * What a user does to the lab besides submitting and deleting pods: remove a node lock by hand, cut
 * or restore Konnectivity, fail or heal a card, restart a device plugin.
 */
final class Faults {

    private final SimLab lab;

    Faults(SimLab lab) {
        this.lab = lab;
    }

    /** {@code kubectl annotate node <n> hami.io/mutex.lock-}: the article's workaround. */
    String unlock(SimTenant t, String nodeName) {
        SimNode n = node(t, nodeName);
        t.requireWrite(lab.now(), "update", "");
        String lock = n.lockValue();
        if (lock == null) {
            return "node " + nodeName + " is not locked";
        }
        n.annotations.remove(HamiAnnotations.MUTEX_LOCK);
        n.changed();
        t.changed();
        lab.event(t.name, "Node/" + nodeName, EventLog.NORMAL, "NodeLockRemoved", HamiAnnotations.MUTEX_LOCK
                + " (" + lock + ") removed by hand", "kubectl");
        lab.noteLockLost(t, lock, "lock removed by hand (kubectl annotate node " + nodeName + " "
                + HamiAnnotations.MUTEX_LOCK + "-)");
        lab.retryPending(t);
        return "";
    }

    /**
     * HAMi's {@code LockNode} for another holder (pkg/util/nodelock/nodelock.go): takes a free, expired or dangling lock
     * (the write goes through {@link NodeLocks#patch}, so a {@code lockPatch} fault applies), and refuses with HAMi's
     * error a fresh lock of another live pod or a value that does not parse; with {@code value} instead of a holder,
     * writes the annotation as given.
     *
     * @return the outcome ({@code ACQUIRED}, {@code TOOK_OVER_EXPIRED}, {@code REENTRANT}, {@code TOOK_OVER_DANGLING})
     */
    String takeLock(SimTenant t, String nodeName, @Nullable String holder, @Nullable String value) {
        SimNode n = node(t, nodeName);
        t.requireWrite(lab.now(), "update", "");
        String before = n.lockValue();
        if (value != null) {
            n.annotations.put(HamiAnnotations.MUTEX_LOCK, value);
            n.changed();
            t.changed();
            lab.event(t.name, "Node/" + nodeName, EventLog.NORMAL, "NodeLockWritten", HamiAnnotations.MUTEX_LOCK
                    + " set to \"" + value + "\"", "kubectl");
            return "WRITTEN";
        }
        String[] pod = holder == null ? new String[] {"", ""} : holder.split("/", 2);
        LockDecision d = new NodeLock(lab.clock().asClock(), t.hami.nodeLockTimeout()).acquire(nodeName, before,
                pod[0], pod[1], (ns, name) -> t.pods.containsKey(ns + "/" + name)
                        && !SimPod.REJECTED.equals(t.pods.get(ns + "/" + name).phase));
        if (!d.acquired()) {
            throw new IllegalArgumentException(d.error());
        }
        if (d.newValue() != null) {
            LockPatch.Result r = NodeLocks.set(n, t, d.newValue(), pod[0], pod[1]);
            NodeLocks.apply(n, r);
            t.changed();
            if (!r.succeeded()) {
                return "ERROR " + r.error();
            }
            if (d.outcome() != LockOutcome.ACQUIRED) {
                lab.noteLockLost(t, before, "lock " + (d.outcome() == LockOutcome.TOOK_OVER_EXPIRED ? "expired" : "of "
                        + "a pod that is gone") + " and was taken over by " + holder);
            }
            lab.event(t.name, "Node/" + nodeName, EventLog.NORMAL, "NodeLockSet", HamiAnnotations.MUTEX_LOCK + " set "
                    + "for " + holder + " (" + d.outcome() + ")", "gpulab");
        }
        return d.outcome().name();
    }

    /**
     * HAMi's {@code ReleaseNodeLock(node, pod, false)} for another holder: no lock, or another pod's, is left as it
     * is (HAMi returns without an error); the holder's own lock, or a legacy bare timestamp, is removed and the pods
     * waiting for it are retried.
     *
     * @return {@code released} or {@code kept}
     */
    String releaseLock(SimTenant t, String nodeName, String holder) {
        SimNode n = node(t, nodeName);
        t.requireWrite(lab.now(), "update", "");
        String lock = n.lockValue();
        String[] pod = holder.split("/", 2);
        if (!new NodeLock(lab.clock().asClock(), t.hami.nodeLockTimeout()).shouldRelease(lock, pod[0], pod[1], false)) {
            return "kept";
        }
        LockPatch.Result r = NodeLocks.release(n, t, lock, pod[0], pod[1]);
        NodeLocks.apply(n, r);
        t.changed();
        if (r.lock() != null || !r.succeeded()) {
            return r.succeeded() ? "kept " + r.lock() : "ERROR " + r.error();
        }
        lab.event(t.name, "Node/" + nodeName, EventLog.NORMAL, "NodeLockReleased", HamiAnnotations.MUTEX_LOCK
                + " (" + lock + ") released by " + holder, "gpulab");
        lab.retryPending(t);
        return "released";
    }

    /**
     * The API server answers the next {@code times} patches of the node's lock with {@code kind}; a conflict may leave
     * another holder's lock ({@code holder}, taken now) or a given value on the node, as a concurrent write would.
     */
    String lockPatchFault(SimTenant t, String nodeName, String kind, int times, @Nullable String holder,
                          @Nullable String value) {
        SimNode n = node(t, nodeName);
        String writes = holder != null ? io.gpulab.scheduler.codec.NodeLockCodec.encode(lab.now(),
                holder.substring(0, holder.indexOf('/')), holder.substring(holder.indexOf('/') + 1)) : value;
        LockPatch.Answer r = switch (kind) {
            case "conflict" -> new LockPatch.Answer(LockPatch.Kind.CONFLICT, writes);
            case "lost" -> new LockPatch.Answer(LockPatch.Kind.LOST, null);
            default -> throw new IllegalArgumentException("lockPatch: conflict or lost, got " + kind);
        };
        if (times < 1) {
            throw new IllegalArgumentException("lockPatch: times must be >= 1, got " + times);
        }
        for (int i = 0; i < times; i++) {
            n.lockPatches.add(r);
        }
        lab.event(t.name, "Node/" + nodeName, EventLog.WARNING, "LockPatchFault", "the next " + times + " patch(es) "
                + "of " + HamiAnnotations.MUTEX_LOCK + " on " + nodeName + " will " + ("conflict".equals(kind)
                ? "answer 409 Conflict" + (writes == null ? "" : " after another write left " + writes)
                : "be applied with their response lost"), "gpulab");
        return "";
    }

    String konnectivity(SimTenant t, boolean up) {
        if (t.agentsUp == up) {
            return "konnectivity agents of " + t.name + " are already " + (up ? "up" : "down");
        }
        t.agentsUp = up;
        t.changed();
        lab.event(t.name, "DaemonSet/kube-system/konnectivity-agent", up ? EventLog.NORMAL : EventLog.WARNING,
                up ? "AgentsConnected" : "AgentsDisconnected", up
                        ? "konnectivity agents connected to konnectivity-server; webhooks reachable again"
                        : "no konnectivity agent connected: calls from the API server to services in the tenant "
                        + "fail with \"No agent available\"", "gpulab");
        return "";
    }

    /** The device plugin re-registers the card with its new health; pods holding it are marked. */
    String cardHealth(SimTenant t, String cardId, boolean healthy) {
        SimNode n = t.cardNode.get(cardId);
        if (n == null) {
            throw new IllegalArgumentException(t.name + ": card \"" + cardId + "\" not found (cards: "
                    + String.join(", ", new java.util.TreeSet<>(t.cardNode.keySet())) + ")");
        }
        n.register(n.registration().withHealth(cardId, healthy, lab.now()));
        t.changed();
        lab.event(t.name, "Node/" + n.name, healthy ? EventLog.NORMAL : EventLog.WARNING,
                healthy ? "CardHealthy" : "CardUnhealthy", "device plugin re-registered " + cardId + " with health "
                        + healthy + " in " + HamiAnnotations.NODE_NVIDIA_REGISTER, "hami-device-plugin");
        String warning = "card " + cardId + " on " + n.name + " is reported unhealthy";
        for (String key : n.podsOn(cardId)) {
            SimPod p = t.pods.get(key);
            if (p == null) {
                continue;
            }
            if (healthy) {
                p.warnings.remove(warning);
            } else if (!p.warnings.contains(warning)) {
                p.warnings.add(warning);
                lab.event(t.name, "Pod/" + key, EventLog.WARNING, "CardUnhealthy", warning
                        + "; the pod keeps running, new pods avoid the card", "hami-device-plugin");
            }
            p.changed();
        }
        if (healthy) {
            lab.retryPending(t);
        }
        return "";
    }

    /** A restart re-registers the same cards; usage comes from the pods' annotations, so nothing doubles. */
    String restartPlugin(SimTenant t, String nodeName) {
        SimNode n = node(t, nodeName);
        if (t.lifecycle.kubeletDown(n)) {
            throw new IllegalArgumentException(t.name + ": the kubelet of " + nodeName + " is down: a device plugin "
                    + "registers with the kubelet, so nothing restarts it (bring the kubelet back first)");
        }
        io.gpulab.mockgpu.plugin.Registration again = io.gpulab.mockgpu.plugin.Registration.of(
                n.registration().devices(), lab.now());
        if (!n.registration().annotations().containsKey(HamiAnnotations.NODE_NVIDIA_REGISTER)) {
            // a worker without cards runs no device plugin: a restart writes no registration either
            java.util.Map<String, String> ann = new java.util.LinkedHashMap<>(again.annotations());
            ann.remove(HamiAnnotations.NODE_NVIDIA_REGISTER);
            again = new io.gpulab.mockgpu.plugin.Registration(again.devices(), ann, again.capacity());
        }
        n.register(again);
        t.changed();
        lab.event(t.name, "Node/" + nodeName, EventLog.NORMAL, "DevicePluginRestarted", "device plugin on "
                + nodeName + " restarted and re-registered " + n.registration().devices().size()
                + " card(s); usage is rebuilt from the pods' " + HamiAnnotations.DEVICES_ALLOCATED,
                "hami-device-plugin");
        lab.retryPending(t);
        return "";
    }

    private static SimNode node(SimTenant t, String name) {
        SimNode n = t.nodes.get(name);
        if (n == null) {
            throw new IllegalArgumentException(t.name + ": Error from server (NotFound): nodes \"" + name
                    + "\" not found");
        }
        return n;
    }
}
