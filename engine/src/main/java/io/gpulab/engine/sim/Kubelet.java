package io.gpulab.engine.sim;

import org.jspecify.annotations.Nullable;

import io.gpulab.engine.api.PodTrace.Outcome;
import io.gpulab.mockgpu.plugin.Allocation;
import io.gpulab.mockgpu.plugin.DevicePluginAllocator;
import io.gpulab.mockgpu.plugin.LifecycleMode;
import io.gpulab.scheduler.codec.HamiAnnotations;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tenant worker's kubelet: for a HAMi-bound pod it asks the mock device plugin to allocate
 * (mode-dependent), then starts the containers (they only wait; there is no CUDA).
 */
final class Kubelet {

    private final SimLab lab;

    /** The Ready=True condition of the pods started at this instant (one shared record: a run starts many). */
    private io.gpulab.engine.api.@Nullable StatusCondition readyNow;

    Kubelet(SimLab lab) {
        this.lab = lab;
    }

    /** {@code Ready=True} since now: the kubelet's probes pass as soon as the containers start (none is modelled). */
    io.gpulab.engine.api.StatusCondition readyNow() {
        java.time.Instant now = lab.now();
        io.gpulab.engine.api.StatusCondition r = readyNow;
        if (r == null || !now.equals(r.lastTransitionTime())) {
            r = new io.gpulab.engine.api.StatusCondition(io.gpulab.engine.api.StatusCondition.READY,
                    io.gpulab.engine.api.StatusCondition.TRUE, "", "", now);
            readyNow = r;
        }
        return r;
    }

    void start(SimTenant t, SimPod p, boolean hami) {
        SimNode node = p.boundTo;
        if (node != null && t.lifecycle.kubeletDown(node)) {
            t.lifecycle.bound(node, p, hami);
            return;
        }
        if (hami && node != null) {
            LifecycleMode mode = lab.lifecycle();
            Allocation a = DevicePluginAllocator.allocate(mode, node.name, node.annotations, p.namespace(), p.name(),
                    p.annotations, p.containerCount());
            p.annotations.clear();
            boolean texts = lab.texts();
            // a run keeps every pod's annotations: equal values (bind time, phases, devices) as one shared text
            a.podAnnotations().forEach((k, v) -> p.annotations.put(k, v == null || !texts ? v : lab.log().share(v)));
            boolean hadLock = node.lockValue() != null;
            Map<String, String> ev = new LinkedHashMap<>();
            if (a.lockReleased()) {
                // the device plugin's ReleaseNodeLock: a lockPatch fault makes it retry as HAMi's loop does
                String lock = node.lockValue();
                io.gpulab.scheduler.lock.LockPatch.Result r = lock == null ? null
                        : NodeLocks.release(node, t, lock, p.namespace(), p.name());
                if (r != null) {
                    if (texts) {
                        NodeLocks.attempts(ev, r);
                    }
                    NodeLocks.apply(node, r);
                } else {
                    node.changed();
                }
            }
            if (!texts) {
                if (a.failed()) {
                    fail(t, p, node, a.error(), ev);
                } else {
                    running(p);
                }
                return;
            }
            ev.put("lifecycle", mode.id());
            ev.put(HamiAnnotations.BIND_PHASE, a.podAnnotations().getOrDefault(HamiAnnotations.BIND_PHASE, ""));
            ev.put(HamiAnnotations.DEVICES_TO_ALLOCATE,
                    a.podAnnotations().getOrDefault(HamiAnnotations.DEVICES_TO_ALLOCATE, ""));
            ev.put(HamiAnnotations.MUTEX_LOCK, node.lockValue() == null ? "(none)" : node.lockValue());
            List<Map<String, String>> env = a.containerEnv();
            for (int i = 0; i < env.size(); i++) {
                if (!env.get(i).isEmpty()) {
                    ev.put("env[" + i + "]", env.get(i).toString());
                }
            }
            if (a.failed()) {
                fail(t, p, node, a.error(), ev);
                return;
            }
            if (mode == LifecycleMode.COMPLETE) {
                p.step("allocate", Outcome.OK, "device plugin allocated: bind-phase success"
                        + (a.lockReleased() ? ", node lock released" : ""), ev);
            } else {
                p.step("allocate", Outcome.SKIPPED, "article mock plugin: empty Allocate response; bind-phase stays "
                        + "allocating and the node lock stays" + (hadLock ? " until unlocked by hand or expired "
                        + "(" + t.hami.nodeLockTimeout().toMinutes() + "m)" : ""), ev);
            }
        }
        running(p);
        if (!lab.texts()) {
            return;
        }
        String first = p.admitted.containers().get(0).name();
        lab.event(t.name, p.objectName(), EventLog.NORMAL, "Started", "Started container " + first, "kubelet");
        Map<String, String> ev = new LinkedHashMap<>();
        ev.put("node", p.node);
        ev.put("schedulerName", p.schedulerName);
        ev.put("hamiAllocated", String.valueOf(p.hamiAllocated()));
        String summary = p.hamiAllocated() ? "Running on " + p.node
                : "Running on " + p.node + " WITHOUT a HAMi allocation (schedulerName " + p.schedulerName
                + "): Running proves nothing about HAMi";
        p.step("run", Outcome.OK, summary, ev);
    }

    private void running(SimPod p) {
        p.phase = SimPod.RUNNING;
        p.ready = readyNow();
        p.reason = "";
        p.message = "";
        p.changed();
    }

    private void fail(SimTenant t, SimPod p, SimNode node, String error, Map<String, String> ev) {
        if (lab.texts()) {
            ev.put("error", error);
        }
        p.step("allocate", Outcome.FAILED, "device plugin Allocate failed: " + error, ev);
        p.phase = SimPod.FAILED;
        p.reason = "UnexpectedAdmissionError";
        p.message = "Allocate failed due to " + error + ", which is unexpected";
        lab.releaseShare(t, p);
        p.changed();
        lab.event(t.name, p.objectName(), EventLog.WARNING, "UnexpectedAdmissionError", p.message, "kubelet");
    }
}
