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
        out.put("recommendation", recommendation(r));
        if (!r.suggestions().isEmpty()) {
            List<Object> list = new ArrayList<>();
            for (NeverFitSuggestion s : r.suggestions()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("pods", s.pods());
                m.put("reason", s.reason());
                if (!s.model().isEmpty()) {
                    m.put("model", s.model());
                    m.put("worker", s.worker());
                    m.put("basedOn", s.basedOn());
                }
                if (s.cardPrice() != null) {
                    m.put("cardPrice", round(s.cardPrice()));
                }
                if (s.workerPrice() != null) {
                    m.put("workerPrice", round(s.workerPrice()));
                }
                list.add(m);
            }
            out.put("suggestions", list);
        }
        if (r.sensitivity() != null) {
            out.put("sensitivity", sensitivity(r.sensitivity()));
        }
        return out;
    }

    private static Map<String, Object> recommendation(PlanResult r) {
        Recommendation rec = r.recommendation();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("candidate", rec.candidate());
        m.put("sentence", rec.sentence());
        if (rec.decidedBy() != null) {
            m.put("decidedBy", rec.decidedBy().key());
        }
        if (!rec.tiedWith().isEmpty()) {
            m.put("tiedWith", rec.tiedWith());
            if (rec.tieBrokenBy() != null) {
                m.put("tieBrokenBy", rec.tieBrokenBy().key());
            }
        }
        CandidateResult win = r.candidates().stream().filter(c -> c.name().equals(rec.candidate())).findFirst()
                .orElseThrow();
        Prices p = win.candidate().prices();
        if (win.cost() != null && p.term() != null) {
            m.put("term", p.term());
            m.put("totalCost", round(win.cost() * p.term()));
        }
        return m;
    }

    private static Map<String, Object> sensitivity(SensitivityResult s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("orders", s.spec().orders());
        List<Long> seeds = new ArrayList<>();
        for (int k = 0; k < s.spec().orders(); k++) {
            seeds.add(s.spec().seedOf(k));
        }
        m.put("seeds", seeds);
        m.put("growth", s.spec().growth());
        List<Object> steps = new ArrayList<>();
        for (SensitivityResult.Step st : s.steps()) {
            Map<String, Object> sm = new LinkedHashMap<>();
            sm.put("growthPct", st.growthPct());
            sm.put("pods", st.pods());
            sm.put("winners", st.winners());
            List<Object> cs = new ArrayList<>();
            for (SensitivityResult.Spread sp : st.candidates()) {
                Map<String, Object> cm = new LinkedHashMap<>();
                cm.put("name", sp.name());
                cm.put("wins", st.wins(sp.name()));
                cm.put("workers", stats(sp.workers()));
                cm.put("workersSearched", sp.searched());
                if (sp.cost() != null) {
                    cm.put("cost", stats(sp.cost()));
                }
                cm.put("pending", stats(sp.pending()));
                if (sp.notFound() > 0) {
                    cm.put("notFound", sp.notFound());
                }
                cm.put("replays", sp.replays());
                cs.add(cm);
            }
            sm.put("candidates", cs);
            steps.add(sm);
        }
        m.put("steps", steps);
        m.put("replays", s.replays());
        m.put("threads", s.threads());
        m.put("wallMs", s.wallMs());
        return m;
    }

    private static Map<String, Object> stats(SensitivityResult.Stats st) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("min", round(st.min()));
        m.put("median", round(st.median()));
        m.put("p90", round(st.p90()));
        m.put("max", round(st.max()));
        return m;
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
        Map<String, Object> allocation = new LinkedHashMap<>();
        allocation.put("gpuComputePct", c.metrics().gpuCompute().pct());
        allocation.put("gpuMemoryPct", c.metrics().gpuMemory().pct());
        allocation.put("gpuSlotsPct", c.metrics().gpuSlots().pct());
        m.put("allocation", allocation);
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
        if (c.controlPlanes() != null) {
            m.put("controlPlanes", controlPlanes(c.controlPlanes()));
        }
        m.put("replays", c.replays());
        if (!c.steps().isEmpty()) {
            List<Object> tried = new ArrayList<>();
            for (SearchStep st : c.steps()) {
                Map<String, Object> t = new LinkedHashMap<>();
                t.put("workers", st.workers());
                t.put("placedAll", st.placedAll());
                if (st.stoppedEarly()) {
                    t.put("stoppedEarly", true);
                }
                tried.add(t);
            }
            Map<String, Object> search = new LinkedHashMap<>();
            search.put("lowerBound", c.lowerBound());
            search.put("tried", tried);
            search.put("belowMinimum", c.belowMinimumShown().isEmpty() ? "unknown" : c.belowMinimumShown());
            m.put("search", search);
        }
        m.put("wallMs", c.wallMs());
        if (!c.searchNote().isEmpty()) {
            m.put("searchNote", c.searchNote());
        }
        return m;
    }

    private static Map<String, Object> controlPlanes(ControlPlaneCost cp) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("mode", cp.mode().key());
        m.put("tenants", cp.tenants());
        if (cp.management() != null) {
            ControlPlaneCost.Capacity c = cp.management();
            Map<String, Object> mc = new LinkedHashMap<>();
            mc.put("nodes", c.nodes());
            mc.put("shape", c.shape());
            // in this order on every run: Map.of's order changes from one JVM to the next
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("cpuMilli", c.podRequest().cpuMilli());
            request.put("memoryMiB", c.podRequest().memoryMiB());
            mc.put("podRequest", request);
            mc.put("replicas", c.replicas());
            mc.put("surge", c.surge());
            mc.put("fit", c.fit());
            mc.put("fitWithSurge", c.fitWithSurge());
            mc.put("holdsTenants", cp.holdsTenants());
            mc.put("holdsUpgrades", cp.holdsUpgrades());
            if (!c.limit().isEmpty()) {
                mc.put("limit", c.limit());
            }
            if (c.perTenantAtCapacity() != null) {
                mc.put("perTenantAtCapacity", round(c.perTenantAtCapacity()));
            }
            m.put("management", mc);
        }
        m.put("machines", cp.machines());
        if (cp.perPeriod() != null) {
            m.put("cost", round(cp.perPeriod()));
            m.put("costPerTenant", round(cp.perTenant()));
        }
        if (cp.dedicatedPerTenant() != null) {
            m.put("dedicatedPerTenant", round(cp.dedicatedPerTenant()));
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
