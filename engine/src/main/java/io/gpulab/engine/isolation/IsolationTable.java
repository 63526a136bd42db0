package io.gpulab.engine.isolation;

import java.util.List;

/**
 * Isolation by layer of one lab (docs/isolation.md).
 *
 * @param scenario   the scenario whose lab was copied
 * @param conclusion what the rows show together, in words ({@link IsolationWords#conclusion})
 * @param tenants  the lab's tenants, in scenario order
 * @param method   how every row was derived, in words
 * @param limits   what the table does not show
 * @param baseline every tenant's observations on a copy without any failure: a row's losses are against these
 * @param rows     one per failure, grouped by layer in the order of {@link IsolationAnalysis#LAYERS}
 */
public record IsolationTable(String scenario, String conclusion, List<String> tenants, String method, List<String> limits,
                             List<TenantLoss> baseline, List<IsolationRow> rows) {

    public IsolationTable {
        tenants = List.copyOf(tenants);
        limits = List.copyOf(limits);
        baseline = List.copyOf(baseline);
        rows = List.copyOf(rows);
    }
}
