package io.gpulab.engine.sim;

import io.gpulab.engine.api.PodTrace.Outcome;
import io.gpulab.scheduler.codec.BindPhase;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.HamiResources;
import io.gpulab.scheduler.filter.HamiEvent;
import io.gpulab.scheduler.lock.LockDecision;
import io.gpulab.scheduler.lock.LockOutcome;
import io.gpulab.scheduler.lock.LockPatch;
import io.gpulab.scheduler.lock.NodeLock;
import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * HAMi's {@code Bind}: take the node lock ({@code hami.io/mutex.lock}, rules from scheduler/), mark the
 * pod {@code bind-phase: allocating}, bind, hand over to the kubelet. Contention leaves the pod Pending
 * with its reservation, exactly as HAMi's extender does; it is retried when the lock can change.
 */
final class NodeLocks {

    private final SimLab lab;

    NodeLocks(SimLab lab) {
        this.lab = lab;
    }

    void bind(SimTenant t, SimPod p, SimNode node) {
        NodeLock rules = new NodeLock(lab.clock().asClock(), t.hami.nodeLockTimeout());
        String before = node.lockValue();
        LockDecision d = rules.acquire(node.name, before, p.namespace(), p.name(),
                (ns, name) -> t.pods.containsKey(ns + "/" + name)
                        && !SimPod.REJECTED.equals(t.pods.get(ns + "/" + name).phase));
        if (!d.acquired()) {
            refused(t, p, node, before, d.error() == null ? d.outcome().name() : d.error());
            return;
        }
        boolean texts = lab.texts();
        Map<String, String> ev = new LinkedHashMap<>();
        if (texts) {
            ev.put("outcome", d.outcome().name());
            if (before != null) {
                ev.put("previous " + HamiAnnotations.MUTEX_LOCK, before);
            }
        }
        if (d.newValue() != null) {
            LockPatch.Result written = set(node, t, d.newValue(), p.namespace(), p.name());
            if (texts) {
                attempts(ev, written);
            }
            apply(node, written);
            if (!written.succeeded()) {
                refused(t, p, node, node.lockValue(), written.error(), ev);
                return;
            }
        }
        p.lastFailure = "";
        p.annotations.put(HamiAnnotations.BIND_PHASE, BindPhase.ALLOCATING.value());
        p.annotations.put(HamiAnnotations.BIND_TIME, String.valueOf(lab.now().getEpochSecond()));
        p.node = node.name;
        p.boundTo = node;
        node.hold(p, 1);
        p.changed();
        p.attempt = SimPod.BOUND;
        if (!texts) {
            lab.kubelet().start(t, p, true);
            return;
        }
        ev.put(HamiAnnotations.MUTEX_LOCK, node.lockValue() == null ? "" : node.lockValue());
        if (d.outcome() == LockOutcome.TOOK_OVER_EXPIRED || d.outcome() == LockOutcome.TOOK_OVER_DANGLING) {
            lab.noteLockLost(t, before, d.outcome() == LockOutcome.TOOK_OVER_EXPIRED
                    ? "lock expired and was taken over by " + p.key() : "holder gone; lock taken over by " + p.key());
        }
        String lockSummary = ("node lock on " + node.name + " " + switch (d.outcome()) {
            case TOOK_OVER_EXPIRED -> "taken over (the previous lock had expired)";
            case TOOK_OVER_DANGLING -> "taken over (its holder no longer exists)";
            case REENTRANT -> "already held by this pod";
            default -> "taken";
        });
        String obj = p.objectName();
        HamiEvent ok = HamiEvent.bindingSucceed(node.name, p.namespace(), p.name());
        lab.event(t.name, obj, ok.type(), ok.reason(), ok.message(), HamiResources.SCHEDULER_NAME);
        lab.event(t.name, obj, EventLog.NORMAL, "Scheduled", KubeMessages.assigned(p.key(), node.name),
                HamiResources.SCHEDULER_NAME);
        Map<String, String> bindEv = new LinkedHashMap<>();
        bindEv.put(HamiAnnotations.BIND_PHASE, BindPhase.ALLOCATING.value());
        bindEv.put(HamiAnnotations.BIND_TIME, p.annotations.get(HamiAnnotations.BIND_TIME));
        bindEv.put("event " + ok.reason(), ok.message());
        p.step("bind", Outcome.OK, "bound to " + node.name + " (bind-phase allocating)", bindEv);
        p.step("lock", Outcome.OK, lockSummary, ev);
        lab.kubelet().start(t, p, true);
    }

    /**
     * HAMi's {@code SetNodeLock} patch loop writing {@code mine} on {@code node} for the pod {@code ns/name}: the API
     * server answers as the node's {@code lockPatch} faults say (each fault answers one patch), else applies it.
     */
    static LockPatch.Result set(SimNode node, SimTenant t, String mine, String ns, String name) {
        if (node.lockPatches.isEmpty()) {
            return new LockPatch.Result(mine, true, java.util.List.of(new LockPatch.Attempt(1, 0, "patched")), null);
        }
        t.changed();
        return LockPatch.set(node.name, mine, "," + ns + "," + name, answers(node));
    }

    /** HAMi's {@code ReleaseNodeLock} patch loop on {@code node}'s lock for the pod {@code ns/name}, faults applied. */
    static LockPatch.Result release(SimNode node, SimTenant t, String lock, String ns, String name) {
        if (node.lockPatches.isEmpty()) {
            return new LockPatch.Result(null, true, java.util.List.of(new LockPatch.Attempt(1, 0, "patched")), null);
        }
        t.changed();
        return LockPatch.release(node.name, lock, "," + ns + "," + name, false, answers(node));
    }

    private static java.util.function.Supplier<LockPatch.Answer> answers(SimNode node) {
        return () -> node.lockPatches.isEmpty() ? LockPatch.Answer.OK : node.lockPatches.poll();
    }

    /** The lock annotation as a patch loop left it. */
    static void apply(SimNode node, LockPatch.Result r) {
        if (r.lock() == null) {
            node.annotations.remove(HamiAnnotations.MUTEX_LOCK);
        } else {
            node.annotations.put(HamiAnnotations.MUTEX_LOCK, r.lock());
        }
        node.changed();
    }

    private void refused(SimTenant t, SimPod p, SimNode node, @Nullable String lock, String error) {
        refused(t, p, node, lock, error, new LinkedHashMap<>());
    }

    /** Evidence of HAMi's patch retries, only when an API fault made it retry (a plain bind's evidence is unchanged). */
    static void attempts(Map<String, String> ev, LockPatch.Result r) {
        if (r.attempts().size() > 1 || !r.succeeded()) {
            r.attempts().forEach(a -> ev.put("patch attempt " + a.number(), (a.backoffMillis() == 0 ? ""
                    : "after " + a.backoffMillis() + " ms (+ up to half again): ") + a.what()));
        }
    }

    private void refused(SimTenant t, SimPod p, SimNode node, @Nullable String lock, String error,
                         Map<String, String> ev) {
        String kube = "binding rejected: " + error;
        Scheduling.waiting(p, HamiEvent.BINDING_FAILED, error);
        p.attempt = SimPod.FAILED_SCHEDULING;
        if (!lab.texts()) {
            return;
        }
        String signature = kube + "|" + lock;
        if (signature.equals(p.lastFailure)) {
            return;
        }
        p.lastFailure = signature;
        HamiEvent failed = HamiEvent.bindingFailed(error);
        lab.event(t.name, p.objectName(), failed.type(), failed.reason(), failed.message(),
                HamiResources.SCHEDULER_NAME);
        lab.event(t.name, p.objectName(), EventLog.WARNING, "FailedScheduling", kube, HamiResources.SCHEDULER_NAME);
        ev.put(HamiAnnotations.MUTEX_LOCK + " on " + node.name, lock == null ? "" : lock);
        NodeLock rules = new NodeLock(lab.clock().asClock(), t.hami.nodeLockTimeout());
        var state = rules.inspect(lock);
        if (state.expires() != null) {
            ev.put("lock expires", state.expires().toString());
        }
        ev.put("event BindingFailed", error);
        ev.put("event FailedScheduling", kube);
        p.step("bind", Outcome.WAITING, (error.startsWith("failed to set node lock") ? "binding failed on "
                + node.name + " (kube-scheduler retries the pod): " : "waiting for the node lock on " + node.name + ": ")
                + error, ev);
    }
}
