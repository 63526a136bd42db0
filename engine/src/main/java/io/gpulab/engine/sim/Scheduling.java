package io.gpulab.engine.sim;

import io.gpulab.engine.api.ReasonTypes;

import io.gpulab.scheduler.codec.MigAllocations;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.PodTrace.Outcome;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.HamiResources;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.filter.Code;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.HamiEvent;
import io.gpulab.scheduler.filter.HamiFilter;
import io.gpulab.scheduler.filter.QuotaState;
import io.gpulab.scheduler.model.PodDevices;
import io.gpulab.scheduler.usage.PodUsage;
import io.gpulab.scheduler.request.WebhookMutator;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One scheduling attempt for one pending pod: HAMi's filter and bind for {@code hami-scheduler} pods, the tenant's
 * own kube-scheduler for the rest ({@link PlainScheduling}); then {@link Kubelet}. Failed attempts leave the pod
 * Pending with HAMi's reasons; an unchanged retry adds no duplicate events.
 */
final class Scheduling {

    private final SimLab lab;
    private final Kubelet kubelet;
    private final NodeLocks locks;
    private final PlainScheduling plain;
    /** One "failedNodes[NAME]" key per node, shared by every pod's evidence (50,000 pods kept 50,000 copies). */
    private final Map<String, String> failedKeys = new HashMap<>();

    Scheduling(SimLab lab) {
        this.lab = lab;
        this.kubelet = new Kubelet(lab);
        this.locks = new NodeLocks(lab);
        this.plain = new PlainScheduling(lab, kubelet);
    }

    Kubelet kubelet() {
        return kubelet;
    }

    NodeLocks locks() {
        return locks;
    }

    void attempt(SimTenant t, SimPod p) {
        if (p.nodeName != null) {
            plain.assigned(t, p, p.nodeName);
        } else if (t.hami.effectiveSchedulerName().equals(p.schedulerName)) {
            hami(t, p);
        } else if (WebhookMutator.DEFAULT_SCHEDULER.equals(p.schedulerName)) {
            if (!t.tcp.works(io.gpulab.engine.lab.ControlPlaneSpec.KUBE_SCHEDULER)) {
                // the tenant's kube-scheduler runs in its control plane: nobody looks at the pod, nobody writes events
                waiting(p, "", "");
                if (!"schedulerDown".equals(p.lastFailure)) {
                    p.lastFailure = "schedulerDown";
                    p.step("filter", Outcome.FAILED, "no scheduler attempted the pod: kube-scheduler of " + t.name
                            + "'s control plane does not work (no event is written)", Map.of("scheduler",
                            WebhookMutator.DEFAULT_SCHEDULER, "control plane", t.tcp.object()));
                }
                return;
            }
            plain.byKube(t, p, WebhookMutator.DEFAULT_SCHEDULER, p.kubeRequests);
        } else {
            // no such scheduler in the tenant: kube leaves the pod alone, without events
            waiting(p, "", "no scheduler named " + p.schedulerName + " runs in " + t.name);
        }
    }

    private void hami(SimTenant t, SimPod p) {
        if (p.reservedOn != null) {
            // a re-filter never counts the pod's own earlier reservation (HAMi v2.10 pkg/scheduler/score.go)
            p.reservedOn.book(p.key(), p.reservation, -1);
            p.reservedOn = null;
        }
        FilterContext ctx = p.filterContext(t.cfg);
        boolean whole = t.nodeList.size() <= PendingDetail.WHOLE_UP_TO;
        QuotaState quota = SimQuotas.state(t, t.cfg.resourceNames(), t.cfg.memoryFactor());
        boolean quoted = ctx != null && quota != null && quota.namespaces().containsKey(ctx.namespace());
        if (lab.explains(t, p) && (ctx == null || ctx.requestsAnyDevice())) {
            // before the filter: the explanation reads the inputs the decision reads
            Decisions.explain(lab, t, p, ctx, quoted ? quota : null);
        }
        // pods with one request fail alike while the nodes that changed since still say the same to it (FailureMemo):
        // a retry sweep over thousands of pending pods, a burst of identical pods, or pods that fit nowhere in a
        // saturated lab reuse the answer (never with a quota, which follows other pods, nor with the reference
        // filter, so the equivalence tests also prove the reuse exact)
        Object memoKey = ctx == null || quoted || lab.referenceFilter() || !ctx.requestsAnyDevice() ? null
                : new FailureKey(FitIndex.Key.of(ctx), p.host);
        Failure known = memoKey == null ? null : t.failureMemo.get(memoKey, t, ctx, p.host);
        if (known != null) {
            failed(t, p, known);
            t.pending.park(p, memoKey, ctx, p.host, known);
            return;
        }
        if (ctx != null && ctx.requestsAnyDevice() && t.kubeScan(p.host, lab.referenceFilter()) > 0) {
            // kube's own NodeResourcesFit rejected some nodes: HAMi's extender sees only the others
            ExtenderPass.Pass pass = ExtenderPass.run(t, ctx, quoted ? quota : null, lab.referenceFilter(), whole,
                    lab.recording());
            if (pass.node() == null) {
                failed(t, p, ctx, memoKey, new Failure(false, pass.message(), pass.reason(), pass.events(),
                        pass.failedAll() != null ? pass.failedAll() : pass.failedFirst(), pass.failedCount()));
            } else {
                chosen(t, p, t.nodes.get(pass.node()), pass.devices(), pass.events(), pass.failedFirst(),
                        pass.failedCount());
            }
            return;
        }
        FilterAnswer r;
        if (quoted) {
            // a quota depends on every pod of the namespace, which the per-node fit cache does not track
            r = FilterAnswer.of(HamiFilter.filter(ctx, t.nodeInfos(), quota));
        } else if (ctx == null) {
            r = FilterAnswer.of(HamiFilter.filter(p.admitted, t.nodeInfos(), t.cfg));
        } else if (lab.referenceFilter()) {
            r = FilterAnswer.of(HamiFilter.filter(ctx, t.nodeInfos(), null));
        } else {
            r = t.fits.filter(ctx, t.nodeList, t.nodeInfos());
        }
        if (r.status().code() == Code.SKIP) {
            // no HAMi device: HAMi passes every node; its kube-scheduler ignores HAMi's resources
            plain.byKube(t, p, HamiResources.SCHEDULER_NAME, Map.of());
            return;
        }
        if (r.status().code() != Code.SUCCESS || r.node() == null) {
            boolean error = r.status().code() == Code.ERROR;
            boolean texts = lab.texts();
            // without texts only the dominant reason is kept: kube's FitError text, HAMi's events and the failed nodes
            // listed are what a reader reads
            failed(t, p, ctx, error ? null : memoKey, new Failure(error,
                    error ? String.join("; ", r.status().reasons())
                            : texts ? KubeMessages.unschedulable(t.nodes.size(), r.failedNodes(), false) : "",
                    error ? "SchedulerError" : ReasonTypes.dominant(r.failedNodes()), texts ? r.events() : List.of(),
                    !texts ? Map.of() : whole ? r.failedNodes() : first(r.failedNodes()), r.failedNodes().size()));
            return;
        }
        // the failed nodes as answered (a view, sorted by node): the trace quotes the first few before anything else
        // asks the index again, so they are not copied first
        chosen(t, p, t.nodes.get(r.node()), r.devices(), r.events(), r.failedNodes(), r.failedNodes().size());
    }

    /** What a failed filter pass said; {@code failed} holds every failed node or the first of them by name. */
    record Failure(boolean error, String message, String reason, List<HamiEvent> events, Map<String, String> failed,
                   int failedCount) {

        Failure {
            // sorted by node as given; copied, since an index's answer is a view of its live state. Only a whole
            // list is kept: a pod on a large tenant keeps none (see failed)
            failed = failed.size() == failedCount ? java.util.Collections.unmodifiableMap(new LinkedHashMap<>(failed))
                    : Map.of();
            // logged as clipped: every pod that fails alike then shares the same message strings
            events = events.stream().map(e -> new HamiEvent(e.reason(), e.type(), EventLog.clip(e.message())))
                    .toList();
        }
    }

    /** What a HAMi pod's failure depends on besides the nodes: its device request and its CPU and memory. */
    private record FailureKey(FitIndex.Key request, HostRequests host) { }

    /** Fails the pod with {@code f}, remembered for {@code key} (if any): the pod is then parked with it. */
    private void failed(SimTenant t, SimPod p, @Nullable FilterContext ctx, @Nullable Object key, Failure f) {
        if (key != null && ctx != null) {
            t.failureMemo.put(key, t, ctx, f);
        }
        failed(t, p, f);
        if (key != null && ctx != null) {
            t.pending.park(p, key, ctx, p.host, f);
        }
    }

    /** HAMi chose {@code node}: annotate, reserve the cards, then bind (the node lock). */
    private void chosen(SimTenant t, SimPod p, SimNode node, PodDevices chosen, List<HamiEvent> events,
                        Map<String, String> failed, int failedCount) {
        String devices = PodDevicesCodec.encode(chosen);
        p.annotations.put(HamiAnnotations.VGPU_NODE, node.name);
        p.annotations.put(HamiAnnotations.VGPU_TIME, String.valueOf(lab.now().getEpochSecond()));
        p.annotations.put(HamiAnnotations.DEVICES_TO_ALLOCATE, devices);
        p.annotations.put(HamiAnnotations.DEVICES_ALLOCATED, devices);
        p.devices = chosen;
        p.failedNodes = Map.of();
        p.unschedulable = false;
        p.reservation = PodUsage.collapse(chosen, p.admitted.initContainers().size());
        p.reservedOn = node;
        node.book(p.key(), p.reservation, 1);
        List<MigAllocations.Entry> mig = node.bookMig(p.key(), chosen, Map.of());
        if (!mig.isEmpty()) {
            p.annotations.put(MigAllocations.ANNOTATION, MigAllocations.encode(mig));
        }
        if (!lab.texts()) {
            locks.bind(t, p, node);
            return;
        }
        // a retry that lands where the last one did (waiting for a node lock) repeats nothing
        String filterSig = node.name + "|" + devices;
        boolean repeat = filterSig.equals(p.lastFilter) && !p.lastFailure.isEmpty();
        p.lastFilter = filterSig;
        if (!repeat) {
            // the trace quotes the logged (clipped) messages: one copy of a 1 kB FilteringSucceed text, not two
            List<LabEvent> logged = new ArrayList<>(events.size());
            events.forEach(e -> logged.add(hamiEvent(t, p, e)));
            Map<String, String> ev = new LinkedHashMap<>();
            ev.put(HamiAnnotations.VGPU_NODE, node.name);
            ev.put(HamiAnnotations.DEVICES_ALLOCATED, devices);
            putFailed(ev, failed, failedCount);
            logged.forEach(e -> putEvent(ev, e.reason(), e.message()));
            p.step("filter", Outcome.OK, "HAMi chose " + node.name + " (" + describe(p) + ")", ev);
        }
        locks.bind(t, p, node);
    }

    /**
     * No node fits: the pod waits with kube's FitError text. It keeps its per-node reasons only on a tenant of at
     * most {@value PendingDetail#WHOLE_UP_TO} nodes ({@code failed} is then every failed node); on larger ones they
     * are recomputed when asked ({@link PendingDetail}), so a pending pod costs the same on any lab.
     */
    private void failed(SimTenant t, SimPod p, Failure f) {
        boolean error = f.error();
        String kube = f.message();
        String reason = f.reason();
        List<HamiEvent> events = f.events();
        Map<String, String> failed = f.failed();
        int failedCount = f.failedCount();
        boolean whole = failed.size() == failedCount;
        p.devices = PodDevices.empty();
        p.failedNodes = whole && t.nodeList.size() <= PendingDetail.WHOLE_UP_TO ? failed : Map.of();
        p.unschedulable = !error;
        p.lastFilter = "";
        waiting(p, reason, kube);
        p.attempt = SimPod.FAILED_SCHEDULING;
        if (!lab.texts()) {
            return;
        }
        StringBuilder sig = new StringBuilder(kube);
        events.forEach(e -> sig.append('|').append(EventLog.clip(e.message())));
        String signature = lab.log().share(sig.toString());
        if (signature.equals(p.lastFailure)) {
            return;
        }
        p.lastFailure = signature;
        events.forEach(e -> hamiEvent(t, p, e));
        lab.event(t.name, p.objectName(), EventLog.WARNING, "FailedScheduling", kube, HamiResources.SCHEDULER_NAME);
        Map<String, String> ev = new LinkedHashMap<>();
        if (whole) {
            failed.forEach((n, why) -> ev.put("failedNodes[" + n + "]", why));
        }
        // else: on a large tenant the trace recomputes the per-node reasons while the pod waits (PendingDetail)
        events.forEach(e -> putEvent(ev, e.reason(), e.message()));
        putEvent(ev, "FailedScheduling", kube);
        // pods pending alike share their evidence texts (a pending pod's cost must not grow with the lab)
        Map<String, String> shared = new LinkedHashMap<>();
        ev.forEach((k, v) -> shared.put(lab.log().share(k), lab.log().share(v)));
        p.step("filter", Outcome.FAILED, lab.log().share(error ? "HAMi filter error: " + kube
                : "no node fits: " + reason + " (" + describe(p) + ")"), shared);
    }

    /** The first {@value ExtenderPass#SHOWN} entries of a map sorted by node. */
    private static Map<String, String> first(Map<String, String> sorted) {
        if (sorted.size() <= ExtenderPass.SHOWN) {
            return sorted;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : sorted.entrySet()) {
            if (out.size() == ExtenderPass.SHOWN) {
                break;
            }
            out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    /** Evidence: the first failed nodes by name with their reasons ({@code failed} is sorted), and how many more. */
    private void putFailed(Map<String, String> ev, Map<String, String> failed, int count) {
        int shown = 0;
        for (Map.Entry<String, String> e : failed.entrySet()) {
            if (shown++ == ExtenderPass.SHOWN) {
                break;
            }
            ev.put(failedKeys.computeIfAbsent(e.getKey(), n -> "failedNodes[" + n + "]"), e.getValue());
        }
        if (count > ExtenderPass.SHOWN) {
            ev.put("failedNodes (more)", (count - ExtenderPass.SHOWN) + " more nodes");
        }
    }

    /** Evidence of an event; several events with one reason are joined in order. */
    static void putEvent(Map<String, String> ev, String reason, String message) {
        ev.merge("event " + reason, EventLog.clip(message), (a, b) -> a + " | " + b);
    }

    /** A pod left Pending with this reason and message. */
    static void waiting(SimPod p, String reason, String message) {
        p.phase = SimPod.PENDING;
        p.node = "";
        p.reason = reason;
        p.message = message;
        p.changed();
    }

    LabEvent hamiEvent(SimTenant t, SimPod p, HamiEvent e) {
        return lab.event(t.name, p.objectName(), e.type(), e.reason(), e.message(), HamiResources.SCHEDULER_NAME);
    }

    private static String describe(SimPod p) {
        StringBuilder sb = new StringBuilder();
        p.admitted.containers().forEach(c -> {
            if (sb.length() > 0) {
                sb.append("; ");
            }
            sb.append(c.name()).append(": ").append(new TreeMap<>(c.limits()));
        });
        return sb.toString();
    }
}
