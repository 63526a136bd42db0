package io.gpulab.app.report;

import static io.gpulab.app.report.PlanFigures.fmt;
import static io.gpulab.app.report.PlanFigures.money;

import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.ControlPlaneCost;
import io.gpulab.engine.plan.Counts;
import io.gpulab.engine.plan.PlanResult;
import io.gpulab.engine.plan.Prices;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The candidates' control planes side by side in the decision report, when the plan states any: where they run,
 * how many fit on a management cluster, and what they cost per tenant.
 */
final class ControlPlaneTable {

    private ControlPlaneTable() {
    }

    /** The candidates' control planes side by side, when the plan states any (docs/plan-format.md). */
    static void write(PdfDoc pdf, PlanResult r) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        java.util.Map<String, List<String>> surges = new java.util.LinkedHashMap<>();
        for (CandidateResult c : r.candidates()) {
            ControlPlaneCost cp = c.controlPlanes();
            if (cp == null) {
                continue;
            }
            Prices p = c.candidate().prices();
            ControlPlaneCost.Capacity m = cp.management();
            if (m != null) {
                surges.computeIfAbsent(m.surgeWords(), k -> new ArrayList<>()).add(c.name());
            }
            String where = m == null ? "dedicated: " + Counts.of(cp.machines(), "machine") + " per tenant"
                    : "Kamaji: " + m.shape() + "; " + m.replicas() + " × " + (m.podRequest().none() ? "no requests"
                    : fmt(m.podRequest().cpuMilli()) + "m CPU, " + fmt(m.podRequest().memoryMiB()) + " MiB");
            String fits = m == null ? "-" : fmt(m.fit()) + " / " + fmt(m.fitWithSurge())
                    + (cp.holdsTenants() ? cp.holdsUpgrades() ? "" : " (upgrades do not fit)" : " (tenants do not fit)");
            rows.add(List.of(c.name(), where, fmt(cp.tenants()), fits,
                    cp.perPeriod() == null ? "not priced" : money(cp.perPeriod(), p),
                    cp.perTenant() == null ? "-" : money(cp.perTenant(), p),
                    cp.dedicatedPerTenant() == null ? "not priced" : money(cp.dedicatedPerTenant(), p) + " ("
                            + Counts.of(cp.machines(), "machine") + ")"));
        }
        if (rows.isEmpty()) {
            return;
        }
        pdf.heading("Their control planes");
        pdf.table(List.of("candidate", "where they run", "tenants", "control planes that fit / with upgrade room",
                "cost", "per tenant", "a dedicated control plane per tenant"), rows);
        // the surge as the answer on page 1 says it, each candidate's own (a stated strategy changes it)
        List<String> surge = new ArrayList<>();
        surges.forEach((words, names) -> surge.add(surges.size() == 1 ? words : String.join(", ", names) + ": "
                + words));
        pdf.muted("Kamaji: tenant control planes placed on the management nodes by their pods' requests × replicas as "
                + "kube-scheduler would; 'with upgrade room' keeps room for one tenant's rolling update"
                + (surge.isEmpty() ? "" : " (" + String.join("; ", surge) + ")")
                + ". The control planes' cost is part of each candidate's cost and total. "
                + "Only control-plane pods and DataStore members are counted on the management nodes.");
    }
}
