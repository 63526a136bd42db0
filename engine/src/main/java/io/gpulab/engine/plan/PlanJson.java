package io.gpulab.engine.plan;

import io.gpulab.engine.metrics.AllocationCurve;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON document of a plan's answer (docs/plan-format.md, "JSON output"): the contract's fields first,
 * in its order, then the additions; absent values are left out, never written as null.
 */
public final class PlanJson {

    private PlanJson() {
    }

    public static Map<String, Object> of(PlanResult r, String gpulabVersion) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("gpulabVersion", gpulabVersion);
        out.put("plan", r.plan().name());
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("pods", r.workload().pods().size());
        workload.put("gpuMilli", r.workload().demandMilli());
        workload.put("description", r.workload().description());
        out.put("workload", workload);
        List<Object> candidates = new ArrayList<>();
        for (CandidateResult c : r.candidates()) {
            candidates.add(candidate(c));
        }
        out.put("candidates", candidates);
        out.put("wallMs", r.wallMs());
        out.put("question", r.plan().question());
        out.put("planSha256", r.plan().sha256());
        out.put("conclusions", r.conclusions());
        if (!r.neverFitAnywhere().isEmpty()) {
            out.put("neverFit", neverFit(r.neverFitAnywhere()));
        }
        return out;
    }

    private static Map<String, Object> candidate(CandidateResult c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", c.name());
        m.put("workers", c.workers());
        m.put("cards", c.cards());
        m.put("placed", c.placed());
        m.put("pending", c.pending());
        m.put("pendingByReason", new java.util.TreeMap<>(c.pendingByReason()));
        m.put("gpuAllocationPct", c.gpuAllocationPct());
        List<Object> curve = new ArrayList<>();
        for (AllocationCurve.Point p : c.curve()) {
            Map<String, Object> pt = new LinkedHashMap<>();
            pt.put("arrivedPct", p.arrivedPct());
            pt.put("allocatedPct", p.allocatedPct());
            curve.add(pt);
        }
        m.put("curve", curve);
        if (c.minWorkers() != null) {
            m.put("minWorkers", c.minWorkers());
        }
        if (c.cost() != null) {
            m.put("cost", round(c.cost()));
        }
        m.put("shape", c.candidate().shape());
        m.put("tenants", c.candidate().tenants());
        Map<String, Object> util = new LinkedHashMap<>();
        util.put("gpuMemoryPct", c.metrics().gpuMemory().pct());
        util.put("gpuComputePct", c.metrics().gpuCompute().pct());
        util.put("gpuSlotsPct", c.metrics().gpuSlots().pct());
        util.put("cpuPct", c.metrics().cpu().pct());
        util.put("memoryPct", c.metrics().memory().pct());
        m.put("utilisation", util);
        Map<String, Object> stranded = new LinkedHashMap<>();
        stranded.put("gpuMemoryPct", c.strandedMemoryPct());
        stranded.put("gpuComputePct", c.strandedComputePct());
        stranded.put("gpuMemoryMB", c.metrics().stranded().gpuMemoryMB());
        stranded.put("gpuCores", c.metrics().stranded().gpuCores());
        stranded.put("gpuMilliOnFullHosts", c.metrics().stranded().gpuMilliOnFullHosts());
        m.put("stranded", stranded);
        if (c.costPerPlacedPod() != null) {
            m.put("costPerPlacedPod", round(c.costPerPlacedPod()));
        }
        if (c.cost() != null) {
            Prices p = c.candidate().prices();
            if (!p.currency().isEmpty()) {
                m.put("currency", p.currency());
            }
            if (!p.period().isEmpty()) {
                m.put("period", p.period());
            }
        }
        if (!c.neverFit().isEmpty()) {
            m.put("neverFit", neverFit(c.neverFit()));
        }
        m.put("replays", c.replays());
        m.put("wallMs", c.wallMs());
        if (!c.searchNote().isEmpty()) {
            m.put("searchNote", c.searchNote());
        }
        return m;
    }

    private static List<Object> neverFit(List<Fit.NeverFit> list) {
        List<Object> out = new ArrayList<>();
        for (Fit.NeverFit n : list) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("pods", n.pods());
            m.put("reason", n.reason());
            out.add(m);
        }
        return out;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
