package io.gpulab.engine.sim;

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
import io.gpulab.scheduler.usage.PodUsage;
import io.gpulab.scheduler.request.WebhookMutator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One scheduling attempt for one pending pod: HAMi's filter and bind for {@code hami-scheduler} pods,
 * the tenant's own kube-scheduler for the rest; then {@link Kubelet}. Failed attempts leave the pod
 * Pending with HAMi's reasons; an unchanged retry adds no duplicate events.
 */
final class Scheduling {

    private static final int MAX_NODES_SHOWN = 20;

    private final SimLab lab;
    private final Kubelet kubelet;
    private final NodeLocks locks;

    Scheduling(SimLab lab) {
        this.lab = lab;
        this.kubelet = new Kubelet(lab);
        this.locks = new NodeLocks(lab);
    }

    Kubelet kubelet() {
        return kubelet;
    }

    NodeLocks locks() {
        return locks;
    }

    void attempt(SimTenant t, SimPod p) {
        if (p.nodeName != null) {
            assigned(t, p, p.nodeName);
        } else if (t.hami.effectiveSchedulerName().equals(p.schedulerName)) {
            hami(t, p);
        } else if (WebhookMutator.DEFAULT_SCHEDULER.equals(p.schedulerName)) {
            byKube(t, p, WebhookMutator.DEFAULT_SCHEDULER, p.kubeRequests);
        } else {
            // no such scheduler in the tenant: kube leaves the pod alone, without events
            waiting(p, "", "no scheduler named " + p.schedulerName + " runs in " + t.name);
        }
    }

    private void hami(SimTenant t, SimPod p) {
        if (p.reservedOn != null) {
            // a re-filter never counts the pod's own earlier reservation (spec/hami.md 3.2 step 2)
            p.reservedOn.book(p.key(), p.reservation, -1);
            p.reservedOn = null;
        }
        FilterContext ctx = p.filterContext(t.cfg);
        FilterAnswer r;
        QuotaState quota = SimQuotas.state(t, t.cfg.resourceNames(), t.cfg.memoryFactor());
        if (ctx != null && quota != null && quota.namespaces().containsKey(ctx.namespace())) {
            // a quota depends on every pod of the namespace, which the per-node fit cache does not track
            r = FilterAnswer.of(HamiFilter.filter(ctx, t.nodeInfos(), quota));
        } else if (ctx == null) {
            r = FilterAnswer.of(HamiFilter.filter(p.admitted, t.nodeInfos(), t.cfg));
        } else if (lab.referenceFilter()) {
            r = FilterAnswer.of(HamiFilter.filter(ctx, t.nodeInfos(), null));
        } else {
            r = t.fits.filter(ctx, t.nodeList, t.nodeInfos(), EventLog.MAX_MESSAGE);
        }
        if (r.status().code() == Code.SKIP) {
            // no HAMi device: HAMi passes every node; its kube-scheduler ignores HAMi's resources
            byKube(t, p, HamiResources.SCHEDULER_NAME, Map.of());
            return;
        }
        if (r.status().code() != Code.SUCCESS || r.node() == null) {
            filterFailed(t, p, r);
            return;
        }
        SimNode node = t.nodes.get(r.node());
        String devices = PodDevicesCodec.encode(r.devices());
        p.annotations.put(HamiAnnotations.VGPU_NODE, node.name);
        p.annotations.put(HamiAnnotations.VGPU_TIME, String.valueOf(lab.now().getEpochSecond()));
        p.annotations.put(HamiAnnotations.DEVICES_TO_ALLOCATE, devices);
        p.annotations.put(HamiAnnotations.DEVICES_ALLOCATED, devices);
        p.devices = r.devices();
        p.failedNodes = Map.of();
        p.reservation = PodUsage.collapse(r.devices(), p.admitted.initContainers().size());
        p.reservedOn = node;
        node.book(p.key(), p.reservation, 1);
        node.bookMig(p.key(), r.devices());
        // a retry that lands where the last one did (waiting for a node lock) repeats nothing
        String filterSig = node.name + "|" + devices;
        boolean repeat = filterSig.equals(p.lastFilter) && !p.lastFailure.isEmpty();
        p.lastFilter = filterSig;
        if (!repeat) {
            // the trace quotes the logged (clipped) messages: one copy of a 1 kB FilteringSucceed text, not two
            List<LabEvent> logged = new ArrayList<>(r.events().size());
            r.events().forEach(e -> logged.add(hamiEvent(t, p, e)));
            Map<String, String> ev = new LinkedHashMap<>();
            ev.put(HamiAnnotations.VGPU_NODE, node.name);
            ev.put(HamiAnnotations.DEVICES_ALLOCATED, devices);
            putFailed(ev, r.failedNodes());
            logged.forEach(e -> putEvent(ev, e.reason(), e.message()));
            p.step("filter", Outcome.OK, "HAMi chose " + node.name + " (" + describe(p) + ")", ev);
        }
        locks.bind(t, p, node);
    }

    private void filterFailed(SimTenant t, SimPod p, FilterAnswer r) {
        boolean error = r.status().code() == Code.ERROR;
        String kube = error ? String.join("; ", r.status().reasons())
                : KubeMessages.unschedulable(t.nodes.size(), r.failedNodes(), false);
        String reason = error ? "SchedulerError" : ReasonTypes.dominant(r.failedNodes());
        String signature = kube + "|" + r.failedNodes();
        p.devices = io.gpulab.scheduler.model.PodDevices.empty();
        p.failedNodes = r.failedNodes();
        p.lastFilter = "";
        waiting(p, reason, kube);
        if (signature.equals(p.lastFailure)) {
            return;
        }
        p.lastFailure = signature;
        r.events().forEach(e -> hamiEvent(t, p, e));
        lab.event(t.name, "Pod/" + p.key(), EventLog.WARNING, "FailedScheduling", kube, HamiResources.SCHEDULER_NAME);
        Map<String, String> ev = new LinkedHashMap<>();
        r.failedNodes().forEach((n, why) -> ev.put("failedNodes[" + n + "]", why));
        r.events().forEach(e -> putEvent(ev, e.reason(), e.message()));
        putEvent(ev, "FailedScheduling", kube);
        p.step("filter", Outcome.FAILED, error ? "HAMi filter error: " + kube
                : "no node fits: " + reason + " (" + describe(p) + ")", ev);
    }

    /** The tenant's kube-scheduler (or HAMi's profile for a pod without HAMi devices). */
    private void byKube(SimTenant t, SimPod p, String scheduler, Map<String, Long> requests) {
        DefaultScheduler.Decision d = DefaultScheduler.place(t, requests);
        if (d.node() == null) {
            String signature = d.message();
            p.failedNodes = d.failedNodes();
            waiting(p, "Unschedulable", d.message());
            if (!signature.equals(p.lastFailure)) {
                p.lastFailure = signature;
                lab.event(t.name, "Pod/" + p.key(), EventLog.WARNING, "FailedScheduling", d.message(), scheduler);
                p.step("filter", Outcome.FAILED, scheduler + ": " + d.message(), Map.of("scheduler", scheduler));
            }
            return;
        }
        SimNode node = d.node();
        p.lastFailure = "";
        p.failedNodes = Map.of();
        Map<String, String> ev = new LinkedHashMap<>();
        ev.put("scheduler", scheduler);
        ev.put("requests", new TreeMap<>(p.kubeRequests).toString());
        ev.put("HAMi annotations", "none");
        String why = WebhookMutator.DEFAULT_SCHEDULER.equals(scheduler)
                ? "default-scheduler placed the pod on " + node.name + " by node totals (nvidia.com/gpu slots and "
                + "the plugin's gpumem/gpucores sums): no HAMi filter, no card chosen, no per-card limits"
                : scheduler + " placed the pod on " + node.name + " (no HAMi device requested)";
        p.step("filter", Outcome.SKIPPED, why, ev);
        bindPlain(t, p, node, scheduler);
    }

    /**
     * A pod created with {@code spec.nodeName} (admitted without HAMi's webhook, which denies GPU pods that name a
     * node): no scheduler sees it, the node's kubelet runs it with no card chosen; an unknown node leaves it Pending.
     */
    private void assigned(SimTenant t, SimPod p, String nodeName) {
        SimNode node = t.nodes.get(nodeName);
        if (node == null) {
            waiting(p, "", "spec.nodeName " + nodeName + " is not a node of " + t.name + "; no scheduler will place it");
            return;
        }
        p.node = node.name;
        p.boundTo = node;
        p.kubeRequests.forEach((k, v) -> node.kubeAllocated.merge(k, v, Long::sum));
        node.changed();
        p.step("bind", Outcome.SKIPPED, "spec.nodeName " + node.name + " set at create: no scheduler, no HAMi "
                + "filter, no card chosen", Map.of("spec.nodeName", node.name));
        kubelet.start(t, p, false);
    }

    private void bindPlain(SimTenant t, SimPod p, SimNode node, String scheduler) {
        p.node = node.name;
        p.boundTo = node;
        p.kubeRequests.forEach((k, v) -> node.kubeAllocated.merge(k, v, Long::sum));
        node.changed();
        lab.event(t.name, "Pod/" + p.key(), EventLog.NORMAL, "Scheduled", KubeMessages.assigned(p.key(), node.name),
                scheduler);
        p.step("bind", Outcome.OK, "bound to " + node.name + " by " + scheduler, Map.of("spec.nodeName", node.name));
        kubelet.start(t, p, false);
    }

    /** Evidence: HAMi's reason per failed node, the first {@value #MAX_NODES_SHOWN} of them on big labs. */
    private static void putFailed(Map<String, String> ev, Map<String, String> failed) {
        int shown = 0;
        for (Map.Entry<String, String> e : failed.entrySet()) {
            if (shown++ == MAX_NODES_SHOWN) {
                ev.put("failedNodes (more)", (failed.size() - MAX_NODES_SHOWN) + " more nodes");
                return;
            }
            ev.put("failedNodes[" + e.getKey() + "]", e.getValue());
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
        return lab.event(t.name, "Pod/" + p.key(), e.type(), e.reason(), e.message(), HamiResources.SCHEDULER_NAME);
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
