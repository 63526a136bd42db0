package io.gpulab.engine.sim;

import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.PodWhy;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.FilterExplainer;
import io.gpulab.scheduler.filter.FilterWhy;
import io.gpulab.scheduler.filter.QuotaState;
import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.NodeInfo;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * "Why this node, why this card" for the pods the lab explains: taken right before HAMi's filter decides, on the very
 * nodes, usage and quota it decides on (the pod's own earlier reservation already returned), so the explanation is
 * the decision's, not today's state. Nodes kube-scheduler's own NodeResourcesFit rejected are listed with kube's
 * reasons; HAMi never saw them.
 */
final class Decisions {

    private Decisions() {
    }

    /** Keeps the explanation of the filter about to run for {@code p}. */
    static void explain(SimLab lab, SimTenant t, SimPod p, @Nullable FilterContext ctx, @Nullable QuotaState quota) {
        p.whyAt = lab.now();
        if (ctx == null) {
            Decoded<FilterContext> d = FilterContext.of(p.admitted, t.cfg);
            String error = d.isOk() ? "" : "calcScore failed " + d.error().message() + " for pod " + p.name();
            p.why = FilterExplainer.error(error, t.cfg.nodeSchedulerPolicy(), t.cfg.gpuSchedulerPolicy());
            return;
        }
        List<NodeInfo> infos = t.nodeInfos();
        List<NodeInfo> sent = infos;
        Map<String, String> kube = new LinkedHashMap<>();
        if (t.kubeScan(p.host, lab.referenceFilter()) > 0) {
            sent = new ArrayList<>();
            for (int i = 0; i < infos.size(); i++) {
                if (t.kube.fails(i)) {
                    kube.put(t.nodeList.get(i).name, KubeScan.reasons(t.kube.mask(i)));
                } else {
                    sent.add(infos.get(i));
                }
            }
        }
        p.why = FilterExplainer.explain(ctx, sent, quota, kube);
    }

    /** The pod's explanation for its trace, or null when the lab does not explain it. */
    static @Nullable PodWhy why(SimLab lab, SimTenant t, SimPod p) {
        if (!lab.explains(t, p)) {
            return null;
        }
        List<String> names = new ArrayList<>();
        p.admitted.initContainers().forEach(c -> names.add(c.name()));
        p.admitted.containers().stream().map(ContainerResources::name).forEach(names::add);
        FilterWhy w = p.why;
        PlainReason words = SimPod.RUNNING.equals(p.phase) || "Deleted".equals(p.phase) ? null : t.words.of(lab, t, p,
                PendingDetail.recomputable(t, p) ? p.view(PendingDetail.failedNodes(lab, t, p)) : p.view()).orElse(null);
        return new PodWhy(words, p.whyAt == null ? null : p.whyAt.toString(), w,
                PodWhy.Allocated.of(p.annotations, names, p.admitted.initContainers().size()));
    }
}
