package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.CardUsageSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.scheduler.codec.HamiAnnotations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * "What if": the observed lab copied into a sim lab (every card with what it already has in use),
 * optionally with hypothetical cards or workers, and the pending GPU pods replayed there. Node locks
 * and Konnectivity state are not copied: the question is whether the cards would suffice.
 */
public final class WhatIf {

    private WhatIf() {
    }

    /** The observed lab as a {@link LabSpec}: explicit cards (registered values) with their usage. */
    public static LabSpec observed(LabSnapshot snap, HamiSettings hami) {
        List<TenantSpec> tenants = new ArrayList<>();
        for (TenantView t : snap.tenants()) {
            List<WorkerSpec> workers = new ArrayList<>();
            for (NodeView n : t.nodes()) {
                List<CardSpec> cards = new ArrayList<>();
                for (CardView c : n.cards()) {
                    CardUsageSpec used = c.usedMemMB() + c.usedCores() + c.usedSlots() == 0 ? null
                            : new CardUsageSpec(c.usedMemMB(), c.usedCores(), c.usedSlots());
                    cards.add(new CardSpec(null, 1, c.type(), c.memMB(), c.cores(), c.slots(), c.numa(), c.id(),
                            c.health(), c.mode(), used));
                }
                Map<String, String> ann = new LinkedHashMap<>();
                String cordon = n.annotations().get(HamiAnnotations.DEVICE_CORDON);
                if (cordon != null) {
                    ann.put(HamiAnnotations.DEVICE_CORDON, cordon);
                }
                workers.add(new WorkerSpec(n.name(), Math.max(n.cpu(), 1), Math.max(n.memoryMiB(), 1), cards, ann));
            }
            tenants.add(new TenantSpec(t.name(), workers));
        }
        // registered values are already scaled: copy them 1:1
        HamiSettings unscaled = new HamiSettings(hami.deviceSplitCount(), 1.0, 1.0, hami.defaultMem(),
                hami.defaultCores(), hami.nodeSchedulerPolicy(), hami.gpuSchedulerPolicy(),
                hami.webhookFailurePolicy(), hami.nodeLockTimeout());
        return new LabSpec("what-if", "observed from " + snap.backend(), unscaled, LabSpec.LIFECYCLE_COMPLETE,
                tenants);
    }

    /** The lab plus a hypothetical worker (a new node) in {@code tenant}. */
    public static LabSpec withWorker(LabSpec lab, String tenant, WorkerSpec worker) {
        List<TenantSpec> tenants = new ArrayList<>();
        boolean found = false;
        for (TenantSpec t : lab.tenants()) {
            if (t.name().equals(tenant)) {
                List<WorkerSpec> ws = new ArrayList<>(t.workers());
                ws.add(worker);
                tenants.add(t.withWorkers(ws));
                found = true;
            } else {
                tenants.add(t);
            }
        }
        if (!found) {
            throw new IllegalArgumentException("no tenant '" + tenant + "' in the observed lab");
        }
        return lab.withTenants(tenants);
    }

    /** The pending GPU pods of every connected tenant, as minimal manifests a sim can replay. */
    public static Map<String, List<Map<String, Object>>> pendingManifests(ClusterBackend backend) {
        Map<String, List<Map<String, Object>>> out = new LinkedHashMap<>();
        for (TenantLink link : backend.tenantLinks()) {
            TenantWatch w = backend.watch(link.name());
            if (w == null) {
                continue;
            }
            List<Map<String, Object>> pods = new ArrayList<>();
            for (Pod p : w.pods()) {
                boolean pending = p.getStatus() == null || "Pending".equals(p.getStatus().getPhase());
                if (pending && PodDecoder.wantsGpu(p) && p.getSpec().getNodeName() == null) {
                    pods.add(manifest(p));
                }
            }
            out.put(link.name(), pods);
        }
        return out;
    }

    /** Replays the manifests on a fresh sim of {@code lab}; one outcome per pod, in order. */
    public static List<WhatIfOutcome> replay(LabSpec lab, Map<String, List<Map<String, Object>>> pods) {
        List<WhatIfOutcome> out = new ArrayList<>();
        try (LabBackend sim = Backends.open("sim", lab, BackendOptions.NONE)) {
            for (var e : pods.entrySet()) {
                for (Map<String, Object> m : e.getValue()) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> meta = (Map<String, Object>) m.get("metadata");
                    String key = meta.get("namespace") + "/" + meta.get("name");
                    CommandResult r = sim.execute(new LabCommand.SubmitPod(e.getKey(), m));
                    PodView v = sim.snapshot().tenant(e.getKey()).flatMap(t -> t.pod(key)).orElse(null);
                    out.add(v == null ? new WhatIfOutcome(e.getKey(), key, "Rejected", "", r.message())
                            : new WhatIfOutcome(e.getKey(), key, v.phase(), v.node(), v.reason()));
                }
            }
        }
        return out;
    }

    static Map<String, Object> manifest(Pod p) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("name", p.getMetadata().getName());
        meta.put("namespace", p.getMetadata().getNamespace() == null ? "default" : p.getMetadata().getNamespace());
        Map<String, String> ann = new LinkedHashMap<>(PodDecoder.annotations(p));
        ann.keySet().removeIf(k -> k.startsWith("hami.io/"));   // the sim's HAMi writes its own
        if (!ann.isEmpty()) {
            meta.put("annotations", ann);
        }
        Map<String, Object> spec = new LinkedHashMap<>();
        if (p.getSpec().getInitContainers() != null && !p.getSpec().getInitContainers().isEmpty()) {
            spec.put("initContainers", p.getSpec().getInitContainers().stream().map(WhatIf::container).toList());
        }
        spec.put("containers", p.getSpec().getContainers().stream().map(WhatIf::container).toList());
        return Map.of("apiVersion", "v1", "kind", "Pod", "metadata", meta, "spec", spec);
    }

    private static Map<String, Object> container(Container c) {
        Map<String, Object> res = new LinkedHashMap<>();
        if (c.getResources() != null && c.getResources().getLimits() != null) {
            Map<String, String> l = new LinkedHashMap<>();
            c.getResources().getLimits().forEach((k, q) -> l.put(k, q.toString()));
            res.put("limits", l);
        }
        if (c.getResources() != null && c.getResources().getRequests() != null
                && !c.getResources().getRequests().isEmpty()) {
            Map<String, String> r = new LinkedHashMap<>();
            c.getResources().getRequests().forEach((k, q) -> r.put(k, q.toString()));
            res.put("requests", r);
        }
        return Map.of("name", c.getName(), "image", c.getImage() == null ? "busybox" : c.getImage(),
                "resources", res);
    }
}
