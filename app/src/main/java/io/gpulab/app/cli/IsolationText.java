package io.gpulab.app.cli;

import io.gpulab.engine.isolation.IsolationRow;
import io.gpulab.engine.isolation.IsolationTable;
import io.gpulab.engine.isolation.IsolationWords;
import io.gpulab.engine.isolation.Observation;
import io.gpulab.engine.isolation.Recovery;
import io.gpulab.engine.isolation.TenantLoss;

import java.io.PrintWriter;
import java.util.List;

/** {@code gpulab isolation}'s text: the conclusion, one line per failure, then every observation quoted. */
final class IsolationText {

    private IsolationText() {
    }

    private static void print(TenantLoss l, PrintWriter out) {
        List<Observation> all = l.all();
        for (int i = 0; i < all.size(); i++) {
            out.println("    " + IsolationWords.ASKS.get(i) + " " + all.get(i).verdict() + ": "
                    + all.get(i).observed());
        }
    }

    static void print(IsolationTable t, PrintWriter out) {
        out.println("Isolation by layer: " + t.scenario() + " (a simulation: each failure injected into its own copy "
                + "of the lab as built; docs/isolation.md)");
        out.println(t.conclusion());
        out.println();
        out.println("Without any failure: " + String.join("; ", t.baseline().stream()
                .map(l -> l.tenant() + " " + IsolationWords.losses(l)).toList()));
        String layer = "";
        for (IsolationRow r : t.rows()) {
            if (!r.layer().equals(layer)) {
                layer = r.layer();
                out.println();
                out.println(layer.toUpperCase(java.util.Locale.ROOT));
            }
            out.println("  " + r.component() + "  shared by " + (r.sharedBy().isEmpty() ? "no tenant"
                    : String.join(", ", r.sharedBy())) + "  ->  " + IsolationWords.summary(r)
                    + (r.injected() ? "  ->  healed: " + IsolationWords.recovery(r) : ""));
        }
        out.println();
        out.println("OBSERVATIONS (each failure on its own copy of the lab, observed right after it, then healed and "
                + "observed again)");
        for (IsolationRow r : t.rows()) {
            if (!r.injected()) {
                continue;
            }
            out.println();
            out.println(r.layer() + ": " + r.component());
            out.println("  fault:  " + r.fault());
            out.println("  shared: " + r.sharing());
            for (TenantLoss l : r.tenants()) {
                out.println("  " + l.tenant() + ": " + IsolationWords.losses(l));
                print(l, out);
            }
            out.println("  heal:   " + r.heal());
            for (Recovery h : r.recovery()) {
                out.println("  " + h.tenant() + " after the heal: " + h.verdict());
                if (!Recovery.NOT_OBSERVED.equals(h.verdict())) {
                    print(h.after(), out);
                }
            }
        }
        out.println();
        out.println("Method: " + t.method());
        out.println("Limits:");
        t.limits().forEach(l -> out.println("  - " + l));
    }
}
