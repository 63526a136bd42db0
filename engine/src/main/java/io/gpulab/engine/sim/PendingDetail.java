package io.gpulab.engine.sim;

import io.gpulab.engine.api.PodTrace;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.QuotaState;
import io.gpulab.scheduler.request.WebhookMutator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-node reasons of a pending pod. A pod keeps them only on a tenant of at most {@value #WHOLE_UP_TO} nodes;
 * on a larger one a pending pod keeps kube's one-line FitError and the first nodes in its trace, and the full map
 * is recomputed here when asked (the pod's view, its trace, {@code run --json}): what a scheduling attempt would
 * say now, which is what its last attempt said unless the lab changed since without a retry of the pod.
 */
final class PendingDetail {

    /** Tenants up to this many nodes keep every pending pod's per-node reasons. */
    static final int WHOLE_UP_TO = 64;

    private PendingDetail() {
    }

    /** Whether the pod's per-node reasons are not kept and can be recomputed. */
    static boolean recomputable(SimTenant t, SimPod p) {
        return p.unschedulable && SimPod.PENDING.equals(p.phase) && p.failedNodes.isEmpty()
                && t.nodeList.size() > WHOLE_UP_TO;
    }

    /** The pod's per-node reasons, recomputed when not kept; sorted by node. */
    static Map<String, String> failedNodes(SimLab lab, SimTenant t, SimPod p) {
        if (!recomputable(t, p)) {
            return p.failedNodes;
        }
        if (t.hami.effectiveSchedulerName().equals(p.schedulerName)) {
            FilterContext ctx = p.filterContext(t.cfg);
            if (ctx == null) {
                return Map.of();
            }
            if (ctx.requestsAnyDevice()) {
                t.kubeScan(p.host, lab.referenceFilter());
                QuotaState quota = SimQuotas.state(t, t.cfg.resourceNames(), t.cfg.memoryFactor());
                boolean quoted = quota != null && quota.namespaces().containsKey(ctx.namespace());
                return ExtenderPass.failedNodes(t, ctx, quoted ? quota : null, lab.referenceFilter());
            }
            return DefaultScheduler.failedNodes(t, p, Map.of());
        }
        if (WebhookMutator.DEFAULT_SCHEDULER.equals(p.schedulerName)) {
            return DefaultScheduler.failedNodes(t, p, p.kubeRequests);
        }
        return Map.of();
    }

    /** The pod's trace; a recomputable pod's last failed filter step lists every node's reason. */
    static List<PodTrace.Step> trace(SimLab lab, SimTenant t, SimPod p) {
        List<PodTrace.Step> steps = p.steps();
        if (!recomputable(t, p)) {
            return steps;
        }
        for (int k = steps.size() - 1; k >= 0; k--) {
            PodTrace.Step s = steps.get(k);
            if ("filter".equals(s.stage()) && s.outcome() == PodTrace.Outcome.FAILED) {
                Map<String, String> ev = new LinkedHashMap<>();
                failedNodes(lab, t, p).forEach((n, why) -> ev.put("failedNodes[" + n + "]", why));
                s.evidence().forEach((key, v) -> {
                    if (!key.startsWith("failedNodes")) {
                        ev.put(key, v);
                    }
                });
                steps.set(k, new PodTrace.Step(s.stage(), s.outcome(), s.summary(), ev));
                break;
            }
        }
        return steps;
    }
}
