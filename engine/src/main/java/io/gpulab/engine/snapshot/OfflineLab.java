package io.gpulab.engine.snapshot;

import io.gpulab.engine.cluster.PendingExplainer;
import io.gpulab.engine.cluster.PendingExplanation;
import io.gpulab.engine.cluster.WhatIf;
import io.gpulab.engine.cluster.WhatIfOutcome;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.sim.HamiInputs;
import io.gpulab.engine.sim.SimBackend;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code why-pending} and {@code what-if} without a cluster: the lab of an imported snapshot (or any scenario with
 * existing pods) built in the simulation, no step played, and asked exactly what the live commands ask a cluster.
 */
public final class OfflineLab {

    private OfflineLab() {
    }

    /**
     * HAMi's per-card verdict for a pod of the lab as stated.
     *
     * @throws IllegalArgumentException naming the unknown tenant or pod
     */
    public static PendingExplanation whyPending(LabSpec lab, String tenant, String podKey) {
        try (SimBackend sim = SimBackend.start(lab)) {
            if (sim.snapshot().tenant(tenant).isEmpty()) {
                throw new IllegalArgumentException("tenant '" + tenant + "' is not in the snapshot (tenants: "
                        + String.join(", ", lab.tenants().stream().map(TenantSpec::name).toList()) + ")");
            }
            HamiInputs in = sim.hamiInputs(tenant, podKey).orElseThrow(() -> new IllegalArgumentException(
                    "pod " + podKey + " not found in tenant " + tenant));
            PendingExplanation x = PendingExplainer.explain(tenant, podKey, in.phase(), in.pod(), in.nodes(),
                    in.events(), in.nodeNotes(), lab.tenants().stream().filter(t -> t.name().equals(tenant))
                            .findFirst().orElseThrow().hamiOr(lab.hami()).toSchedulerConfig(), in.quota());
            x = io.gpulab.engine.cluster.ControlPlaneNotes.appended(x,
                    sim.snapshot().tenant(tenant).orElseThrow().controlPlane());
            List<String> notes = new ArrayList<>(x.notes());
            notes.add("offline: the lab as the snapshot recorded it (" + lab.description() + ")");
            return x.withNotes(notes);
        }
    }

    /** The lab without its pending pods, and those pods as manifests to replay (status and HAMi's marks removed). */
    public static LabSpec withoutPending(LabSpec lab, Map<String, List<Map<String, Object>>> pendingOut) {
        List<TenantSpec> tenants = new ArrayList<>();
        for (TenantSpec t : lab.tenants()) {
            List<Map<String, Object>> keep = new ArrayList<>();
            List<Map<String, Object>> pending = new ArrayList<>();
            for (Map<String, Object> m : t.pods()) {
                Object status = m.get("status");
                Object phase = status instanceof Map<?, ?> s ? s.get("phase") : null;
                if (phase == null || "Pending".equals(phase)) {
                    pending.add(replayable(m));
                } else {
                    keep.add(m);
                }
            }
            pendingOut.put(t.name(), pending);
            tenants.add(t.withPods(keep));
        }
        return lab.withTenants(tenants);
    }

    /** The pending pods replayed on the lab, then on the lab with the hypothetical workers: {before, after}. */
    public static List<List<WhatIfOutcome>> whatIf(LabSpec lab, Map<String, List<WorkerSpec>> added) {
        Map<String, List<Map<String, Object>>> pending = new LinkedHashMap<>();
        LabSpec base = withoutPending(lab, pending);
        List<WhatIfOutcome> before = WhatIf.replay(base, pending);
        LabSpec more = base;
        for (var e : added.entrySet()) {
            for (WorkerSpec w : e.getValue()) {
                more = WhatIf.withWorker(more, e.getKey(), w);
            }
        }
        return List.of(before, WhatIf.replay(more, pending));
    }

    /**
     * Every pod the lab states as existing and live (a worker's and the tenant's, not Succeeded/Failed) that asks
     * for a GPU, as a manifest to submit again (status, node and HAMi's marks removed), in scenario order: what a
     * plan takes from a snapshot as its workload.
     */
    public static List<Map<String, Object>> liveGpuPods(TenantSpec t) {
        List<Map<String, Object>> out = new ArrayList<>();
        List<Map<String, Object>> all = new ArrayList<>();
        t.workers().forEach(w -> all.addAll(w.pods()));
        all.addAll(t.pods());
        for (Map<String, Object> m : all) {
            Object status = m.get("status");
            Object phase = status instanceof Map<?, ?> st ? st.get("phase") : null;
            if (!"Succeeded".equals(phase) && !"Failed".equals(phase) && String.valueOf(m.get("spec"))
                    .contains("nvidia.com/gpu")) {
                Map<String, Object> r = replayable(m);
                if (r.get("spec") instanceof Map<?, ?> spec) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> sp = new LinkedHashMap<>((Map<String, Object>) spec);
                    sp.remove("nodeName");
                    r.put("spec", sp);
                }
                out.add(r);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> replayable(Map<String, Object> m) {
        Map<String, Object> out = new LinkedHashMap<>(m);
        out.remove("status");
        Object meta = m.get("metadata");
        if (meta instanceof Map<?, ?> mm) {
            Map<String, Object> meta2 = new LinkedHashMap<>((Map<String, Object>) mm);
            if (meta2.get("annotations") instanceof Map<?, ?> a) {
                Map<String, Object> ann = new LinkedHashMap<>((Map<String, Object>) a);
                ann.keySet().removeIf(k -> k.startsWith("hami.io/"));   // the sim's HAMi writes its own
                meta2.put("annotations", ann);
            }
            out.put("metadata", meta2);
        }
        return out;
    }
}
