package io.gpulab.engine.sim;

import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One pod read straight from its tenant's store, under the backend's lock: what a caller asking about one pod needs
 * without a snapshot of every other pod being built.
 */
final class PodReads {

    private PodReads() {
    }

    static Optional<PodView> view(SimLab lab, String tenant, String podKey, boolean perNode) {
        SimTenant t = lab.tenants().get(tenant);
        SimPod p = t == null ? null : t.pods.get(podKey);
        if (p == null) {
            return Optional.empty();
        }
        // a pending pod on a large tenant keeps no per-node reasons: asked for one pod, they are recomputed
        return Optional.of(perNode && PendingDetail.recomputable(t, p)
                ? p.view(PendingDetail.failedNodes(lab, t, p)) : p.view());
    }

    static Optional<PlainReason> plainReason(SimLab lab, String tenant, String podKey) {
        SimTenant t = lab.tenants().get(tenant);
        SimPod p = t == null ? null : t.pods.get(podKey);
        if (p == null || SimPod.RUNNING.equals(p.phase)) {
            return Optional.empty();
        }
        PodView v = PendingDetail.recomputable(t, p) ? p.view(PendingDetail.failedNodes(lab, t, p)) : p.view();
        return t.words.of(lab, t, p, v);
    }

    static Optional<HamiInputs> hamiInputs(SimLab lab, String tenant, String podKey) {
        SimTenant t = lab.tenants().get(tenant);
        SimPod p = t == null ? null : t.pods.get(podKey);
        if (p == null) {
            return Optional.empty();
        }
        return Optional.of(HamiInputs.of(lab, t, p));
    }

    /** The pod's trace, a deleted pod's included; for an unknown tenant or pod, the error kubectl would print. */
    static PodTrace trace(SimLab lab, String tenant, String podKey) {
        SimTenant t = lab.tenants().get(tenant);
        if (t == null) {
            return notFound(tenant, podKey, "tenant \"" + tenant + "\" not found (tenants: "
                    + String.join(", ", lab.tenants().keySet()) + ")");
        }
        SimPod p = t.pods.getOrDefault(podKey, t.deleted.get(podKey));
        if (p == null) {
            return notFound(tenant, podKey, "Error from server (NotFound): pods \""
                    + podKey.substring(podKey.indexOf('/') + 1) + "\" not found in " + tenant);
        }
        return new PodTrace(tenant, podKey, PendingDetail.trace(lab, t, p), Decisions.why(lab, t, p));
    }

    private static PodTrace notFound(String tenant, String podKey, String why) {
        return new PodTrace(tenant, podKey, List.of(new PodTrace.Step("create", PodTrace.Outcome.FAILED, why,
                Map.of())));
    }
}
