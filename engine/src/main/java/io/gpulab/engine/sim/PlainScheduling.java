package io.gpulab.engine.sim;

import io.gpulab.engine.api.PodTrace.Outcome;
import io.gpulab.scheduler.request.WebhookMutator;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Placement without HAMi's filter: the tenant's kube-scheduler (default-scheduler by node totals, or HAMi's own
 * profile for a pod that asks no HAMi device), and a pod that names its node, which no scheduler sees.
 */
final class PlainScheduling {

    private final SimLab lab;
    private final Kubelet kubelet;

    PlainScheduling(SimLab lab, Kubelet kubelet) {
        this.lab = lab;
        this.kubelet = kubelet;
    }

    /** The tenant's kube-scheduler (or HAMi's profile for a pod without HAMi devices). */
    void byKube(SimTenant t, SimPod p, String scheduler, Map<String, Long> requests) {
        Object key = lab.referenceFilter() ? null : new PlainKey(scheduler, requests, p.host);
        DefaultScheduler.Decision d = key == null ? null : t.plainFailures().get(key);
        if (d == null) {
            d = key == null ? DefaultScheduler.place(t, p, requests) : DefaultScheduler.placeIndexed(t, p, requests);
            if (d.node() == null && key != null) {
                t.plainFailures().put(key, d);
            }
        }
        if (d.node() == null) {
            String signature = d.message();
            p.failedNodes = t.nodeList.size() <= PendingDetail.WHOLE_UP_TO ? d.failedNodes() : Map.of();
            p.unschedulable = true;
            Scheduling.waiting(p, "Unschedulable", d.message());
            p.attempt = SimPod.FAILED_SCHEDULING;
            if (lab.texts() && !signature.equals(p.lastFailure)) {
                p.lastFailure = signature;
                lab.event(t.name, p.objectName(), EventLog.WARNING, "FailedScheduling", d.message(), scheduler);
                p.step("filter", Outcome.FAILED, scheduler + ": " + d.message(), Map.of("scheduler", scheduler));
            }
            return;
        }
        SimNode node = d.node();
        p.lastFailure = "";
        p.failedNodes = Map.of();
        p.unschedulable = false;
        if (!lab.texts()) {
            bindPlain(t, p, node, scheduler);
            return;
        }
        Map<String, String> ev = new LinkedHashMap<>();
        ev.put("scheduler", scheduler);
        ev.put("requests", new TreeMap<>(p.kubeRequests).toString());
        if (!p.host.none()) {
            ev.put("cpu, memory", p.host.cpuMilli() + "m, " + p.host.memoryMiB() + "Mi");
        }
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
    void assigned(SimTenant t, SimPod p, String nodeName) {
        SimNode node = t.nodes.get(nodeName);
        if (node == null) {
            Scheduling.waiting(p, "", "spec.nodeName " + nodeName + " is not a node of " + t.name
                    + "; no scheduler will place it");
            return;
        }
        p.node = node.name;
        p.boundTo = node;
        node.hold(p, 1);
        p.step("bind", Outcome.SKIPPED, "spec.nodeName " + node.name + " set at create: no scheduler, no HAMi "
                + "filter, no card chosen", Map.of("spec.nodeName", node.name));
        kubelet.start(t, p, false);
    }

    private void bindPlain(SimTenant t, SimPod p, SimNode node, String scheduler) {
        p.node = node.name;
        p.boundTo = node;
        node.hold(p, 1);
        p.attempt = SimPod.BOUND;
        if (lab.texts()) {
            lab.event(t.name, p.objectName(), EventLog.NORMAL, "Scheduled", KubeMessages.assigned(p.key(), node.name),
                    scheduler);
            p.step("bind", Outcome.OK, "bound to " + node.name + " by " + scheduler, Map.of("spec.nodeName",
                    node.name));
        }
        kubelet.start(t, p, false);
    }

    /** What a failure of kube's own placement depends on besides the nodes. */
    private record PlainKey(String scheduler, Map<String, Long> requests, HostRequests host) { }
}
