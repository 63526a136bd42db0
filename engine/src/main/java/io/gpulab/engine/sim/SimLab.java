package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.mockgpu.plugin.LifecycleMode;
import io.gpulab.scheduler.model.SchedulerConfig;
import org.jspecify.annotations.Nullable;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole simulated lab's state: clock, event log, tenants. Mutated only by {@link Commands} on the
 * command thread; {@link #snapshot} rebuilds only what changed since the last one.
 */
final class SimLab {

    private final LabSpec spec;
    private final SchedulerConfig cfg;
    private final SimClock clock = new SimClock();
    private final EventLog log;
    private final Map<String, SimTenant> tenants = new LinkedHashMap<>();
    private final SimManagement management;
    private final Scheduling scheduling;
    private LifecycleMode lifecycle;
    private long podSeq;
    private boolean referenceFilter;
    /** Every retry sweep attempts every pending pod (tests compare it with the parked queue). */
    private boolean plainRetries;
    /** The pods whose HAMi decisions are explained ({@link io.gpulab.engine.api.LabBackend#explainDecisions}). */
    private java.util.@Nullable Set<String> explained;
    private long version;
    private @Nullable LabSnapshot snapshot;

    SimLab(LabSpec spec, long firstVersion, Recording recording) {
        this.spec = spec;
        this.log = new EventLog(clock, recording);
        this.cfg = spec.hami().toSchedulerConfig();
        this.lifecycle = LifecycleMode.of(spec.lifecycle());
        this.version = firstVersion;
        this.scheduling = new Scheduling(this);
        this.management = new SimManagement(this, spec.management());
        for (SimTenant t : LabBuilder.build(spec, this)) {
            tenants.put(t.name, t);
        }
    }

    LabSpec spec() {
        return spec;
    }

    SimManagement management() {
        return management;
    }

    HamiSettings hami() {
        return spec.hami();
    }

    SchedulerConfig schedulerConfig() {
        return cfg;
    }

    SimClock clock() {
        return clock;
    }

    Instant now() {
        return clock.now();
    }

    EventLog log() {
        return log;
    }

    LifecycleMode lifecycle() {
        return lifecycle;
    }

    void lifecycle(LifecycleMode mode) {
        lifecycle = mode;
    }

    Scheduling scheduling() {
        return scheduling;
    }

    Kubelet kubelet() {
        return scheduling.kubelet();
    }

    long nextPodSeq() {
        return ++podSeq;
    }

    long version() {
        return version;
    }

    Map<String, SimTenant> tenants() {
        return tenants;
    }

    /** @throws IllegalArgumentException naming the unknown tenant and the known ones */
    SimTenant tenant(String name) {
        SimTenant t = tenants.get(name);
        if (t == null) {
            throw new IllegalArgumentException("tenant \"" + name + "\" not found (tenants: "
                    + String.join(", ", tenants.keySet()) + ")");
        }
        return t;
    }

    /** Whether this lab keeps events, traces and texts ({@link Recording}). */
    boolean texts() {
        return log.texts();
    }

    Recording recording() {
        return log.texts() ? Recording.FULL : Recording.FIGURES;
    }

    /** Logs an event (null, and nothing logged, when the lab keeps no texts). */
    @Nullable
    LabEvent event(String tenant, String object, String type, String reason, String message, String source) {
        if (!tenant.isEmpty()) {
            SimTenant t = tenants.get(tenant);
            if (t != null) {
                t.changed();
            }
        }
        return log.add(tenant, object, type, reason, message, source);
    }

    /** Returns a pod's card share and its kube-accounted requests (delete, exit, failed allocation). */
    void releaseShare(SimTenant t, SimPod p) {
        if (p.reservedOn != null) {
            p.reservedOn.book(p.key(), p.reservation, -1);
            p.reservedOn = null;
        }
        if (p.boundTo != null) {
            p.boundTo.hold(p, -1);
            p.boundTo = null;
        }
        t.pending.remove(p.seq);
        t.changed();
    }

    /** Tells a lock's previous holder (if it is a live pod) what became of its lock. */
    void noteLockLost(SimTenant t, @Nullable String lockValue, String what) {
        if (lockValue == null) {
            return;
        }
        String[] parts = lockValue.split(",", -1);
        if (parts.length == 3) {
            SimPod holder = t.pods.get(parts[1] + "/" + parts[2]);
            if (holder != null) {
                holder.step("lock", io.gpulab.engine.api.PodTrace.Outcome.OK, what, Map.of("previous lock", lockValue));
            }
        }
    }

    /**
     * Retries a tenant's pending pods in creation order (kube moves them back to the active queue). Pods that would
     * fail exactly as they last did are parked ({@link PendingQueue}) and skipped: after every attempt that changed a
     * node, the groups that node could answer otherwise are released and met in creation order, so each decision and
     * event is the one a sweep over every pod makes ({@link #plainRetries} keeps that sweep for the tests).
     */
    void retryPending(SimTenant t) {
        if (t.pending.isEmpty() || t.tcp.refusal(clock.now()) != null) {
            // the schedulers list, watch and bind through the tenant's API server: nothing moves while it is down
            return;
        }
        if (plainRetries || explained != null || t.tcp.spec.writePermissions().blockUpdate()) {
            // every pod is attempted: explained decisions are recorded per attempt, a blocked update fails every pod
            t.pending.releaseAll();
            for (SimPod p : new ArrayList<>(t.pending.values())) {
                if (SimPod.PENDING.equals(p.phase) && t.pending.containsKey(p.seq)) {
                    attempt(t, p);
                }
            }
            return;
        }
        t.pending.releaseChanged(t);
        // a sweep never meets a pod created during it (none is) nor one it already passed
        long last = t.pending.lastSeq();
        long version = t.nodeVersion();
        long cursor = Long.MIN_VALUE;
        for (SimPod p = t.pending.nextActive(cursor); p != null && p.seq <= last; p = t.pending.nextActive(cursor)) {
            cursor = p.seq;
            if (SimPod.PENDING.equals(p.phase)) {
                attempt(t, p);
            }
            if (t.nodeVersion() != version) {
                version = t.nodeVersion();
                t.pending.releaseChanged(t);
            }
        }
        // a plain sweep marks the tenant changed with its first attempt
        t.changed();
    }

    /** One scheduling attempt; the pod leaves the queue once bound. */
    void attempt(SimTenant t, SimPod p) {
        p.attempt = SimPod.NOT_DECIDED;
        if (t.tcp.spec.writePermissions().blockUpdate() && t.hami.effectiveSchedulerName().equals(p.schedulerName)) {
            // HAMi's filter patches the pod's annotations (an update), which Kamaji's write-permissions webhook denies
            Scheduling.waiting(p, "SchedulerError", io.gpulab.engine.kamaji.ApiErrors.writeLimited());
            if (!"blockUpdate".equals(p.lastFailure)) {
                p.lastFailure = "blockUpdate";
                p.step("filter", io.gpulab.engine.api.PodTrace.Outcome.FAILED, "HAMi's patch of the pod's annotations "
                        + "was denied by " + io.gpulab.engine.kamaji.ApiErrors.WRITE_WEBHOOK + " (writePermissions "
                        + "blockUpdate)", Map.of("error", io.gpulab.engine.kamaji.ApiErrors.writeLimited()));
                event(t.name, p.objectName(), EventLog.WARNING, "FilteringFailed", io.gpulab.engine.kamaji.ApiErrors
                        .writeLimited(), "hami-scheduler");
            }
            t.pending.put(p.seq, p);
            t.changed();
            return;
        }
        t.pending.unpark(p);
        scheduling.attempt(t, p);
        if (!SimPod.PENDING.equals(p.phase) || !p.node.isEmpty()) {
            t.pending.remove(p.seq);
        } else {
            t.pending.put(p.seq, p);
        }
        t.changed();
    }

    /**
     * Explain HAMi's decisions about these pods from now on; empty: every pod of tenants of up to
     * {@value PendingDetail#WHOLE_UP_TO} nodes (the workbench's labs), where one more filter pass per decision costs
     * little.
     */
    void explain(java.util.Set<String> podKeys) {
        explained = java.util.Set.copyOf(podKeys);
    }

    java.util.@Nullable Set<String> explained() {
        return explained;
    }

    /** Whether the pod's HAMi decisions are explained. */
    boolean explains(SimTenant t, SimPod p) {
        java.util.Set<String> e = explained;
        return e != null && (e.isEmpty() ? t.nodeList.size() <= PendingDetail.WHOLE_UP_TO : e.contains(p.key()));
    }

    /** Whether every filter runs the plain {@code HamiFilter.filter} (tests compare it with the index). */
    boolean referenceFilter() {
        return referenceFilter;
    }

    void useReferenceFilter() {
        referenceFilter = true;
    }

    void usePlainRetries() {
        plainRetries = true;
    }

    void touched() {
        version++;
        snapshot = null;
    }

    LabSnapshot snapshot() {
        LabSnapshot s = snapshot;
        if (s == null) {
            List<TenantView> views = new ArrayList<>(tenants.size());
            tenants.values().forEach(t -> views.add(t.view(t.hami.nodeLockTimeout())));
            s = new LabSnapshot(version, "sim", spec.name(), clock.now(), management.view(), views, lifecycle.id());
            snapshot = s;
        }
        return s;
    }
}
