package io.gpulab.engine.plan;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.scenario.Durations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One candidate with its reported worker count and the workload, as a scenario document ({@code kind: Scenario}),
 * so the workbench (or {@code gpulab run}) can open it as a normal lab and show every pod and reason.
 */
public final class CandidateScenario {

    private CandidateScenario() {
    }

    /** The scenario as a document tree (maps and lists), ready for a YAML or JSON writer. */
    public static Map<String, Object> of(Plan plan, CandidateResult result, Workload w) {
        Candidate c = result.candidate();
        LabSpec lab = CandidateLab.spec(plan.name(), c, result.workers());
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("apiVersion", "gpulab.io/v1");
        doc.put("kind", "Scenario");
        doc.put("metadata", Map.of("name", plan.name() + "-" + c.name(), "description", "Candidate " + c.name()
                + " of plan " + plan.name() + " (" + c.shape() + ", " + Counts.of(result.workers(), "worker") + ") with the plan's "
                + "workload: " + w.description() + "."));
        Map<String, Object> labDoc = new LinkedHashMap<>();
        labDoc.put("hami", hami(lab.hami()));
        labDoc.put("mockGpu", Map.of("lifecycle", LabSpec.LIFECYCLE_COMPLETE));
        List<Object> tenants = new ArrayList<>();
        for (TenantSpec t : lab.tenants()) {
            List<Object> workers = new ArrayList<>();
            for (WorkerSpec ws : t.workers()) {
                Map<String, Object> wd = new LinkedHashMap<>();
                wd.put("name", ws.name());
                wd.put("cpu", ws.cpu());
                wd.put("memoryMiB", ws.memoryMiB());
                wd.put("cards", ws.cards().stream().map(CandidateScenario::card).toList());
                workers.add(wd);
            }
            tenants.add(Map.of("name", t.name(), "workers", workers));
        }
        labDoc.put("tenants", tenants);
        doc.put("lab", labDoc);
        int[] tenantOf = CandidateLab.tenantOf(w.pods().size(), c.weights());
        List<Object> steps = new ArrayList<>();
        for (Arrival e : w.events()) {
            if (e instanceof Arrival.Submit s) {
                steps.add(Map.of("submit", Map.of("tenant", c.tenants().get(tenantOf[s.pod()]), "pod",
                        w.pods().get(s.pod()).manifest())));
            } else if (e instanceof Arrival.Delete d) {
                steps.add(Map.of("delete", Map.of("tenant", c.tenants().get(tenantOf[d.pod()]), "pod",
                        w.pods().get(d.pod()).key())));
            } else if (e instanceof Arrival.Advance a) {
                steps.add(Map.of("advance", Durations.format(a.by())));
            }
        }
        doc.put("steps", steps);
        return doc;
    }

    private static Map<String, Object> hami(HamiSettings h) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("deviceSplitCount", h.deviceSplitCount());
        m.put("deviceMemoryScaling", h.deviceMemoryScaling());
        m.put("deviceCoreScaling", h.deviceCoreScaling());
        m.put("defaultMem", h.defaultMem());
        m.put("defaultCores", h.defaultCores());
        m.put("nodeSchedulerPolicy", h.nodeSchedulerPolicy());
        m.put("gpuSchedulerPolicy", h.gpuSchedulerPolicy());
        m.put("webhookFailurePolicy", h.webhookFailurePolicy());
        m.put("nodeLockTimeout", Durations.format(h.nodeLockTimeout()));
        return m;
    }

    private static Map<String, Object> card(CardSpec c) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (c.model() != null) {
            m.put("model", c.model());
        }
        m.put("count", c.count());
        putIf(m, "type", c.type());
        putIf(m, "memoryMB", c.memoryMB());
        putIf(m, "cores", c.cores());
        putIf(m, "slots", c.slots());
        putIf(m, "numa", c.numa());
        putIf(m, "mode", c.mode());
        return m;
    }

    private static void putIf(Map<String, Object> m, String k, Object v) {
        if (v != null) {
            m.put(k, v);
        }
    }
}
