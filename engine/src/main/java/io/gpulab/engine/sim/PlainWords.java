package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabNow;
import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.PlainReasons;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.QuotaAsk;
import io.gpulab.engine.api.QuotaView;
import io.gpulab.mockgpu.plugin.Registration;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.QuotaAdmission;
import io.gpulab.scheduler.model.DeviceInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A sim pod's reason in words ({@link PlainReasons}): its request as HAMi read it, its per-node reasons (recomputed on
 * a large tenant, as its view's), and the tenant's cards summed once per registration change, so that a replay that
 * asks for every pending pod's sentence (run --json) does not walk every card each time.
 */
final class PlainWords {

    private List<Registration> of = List.of();
    private PlainReasons.Lab lab = PlainReasons.Lab.of(List.of());

    Optional<PlainReason> of(SimLab simLab, SimTenant t, SimPod p, PodView view) {
        FilterContext ctx = p.filterContext(t.cfg);
        PlainReasons.Pod pod = new PlainReasons.Pod(view.phase(), view.reason(), view.message(), view.failedNodes(),
                ctx == null ? List.of() : ctx.requests(), view.annotations(), p.namespace(),
                ctx == null ? null : ctx::typeAllowed, ctx == null ? null : quota(t, p, ctx));
        java.time.Duration expire = t.hami.nodeLockTimeout();
        return PlainReasons.of(pod, lab(t).with(LabNow.of(simLab.now(),
                name -> Optional.ofNullable(t.nodes.get(name)).map(n -> n.view(expire)),
                key -> Optional.ofNullable(t.pods.get(key)).map(SimPod::view))));
    }

    /** The pod's namespace quota, when it has one HAMi tracks, and what the webhook counts for the pod. */
    private static @Nullable QuotaAsk quota(SimTenant t, SimPod p, FilterContext ctx) {
        if (t.quotas.isEmpty()) {
            return null;
        }
        for (QuotaView q : SimQuotas.views(t, t.quotaNames, t.quotaFactor)) {
            if (q.namespace().equals(p.namespace())) {
                long[] need = QuotaAdmission.need(ctx.requests(), ctx.initCount());
                return new QuotaAsk(q, "limits." + t.quotaNames.memory(), "limits." + t.quotaNames.cores(), need[0],
                        need[1]);
            }
        }
        return null;
    }

    private PlainReasons.Lab lab(SimTenant t) {
        boolean same = of.size() == t.nodeList.size();
        for (int i = 0; same && i < of.size(); i++) {
            same = of.get(i) == t.nodeList.get(i).registration();
        }
        if (!same) {
            List<Registration> regs = new ArrayList<>(t.nodeList.size());
            List<List<DeviceInfo>> cards = new ArrayList<>(t.nodeList.size());
            for (SimNode n : t.nodeList) {
                regs.add(n.registration());
                cards.add(n.registration().devices());
            }
            of = regs;
            lab = PlainReasons.Lab.of(cards);
        }
        return lab;
    }
}
