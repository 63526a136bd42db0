package io.gpulab.engine.metrics;

import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;

import java.util.Locale;

/**
 * The workload's pods as every surface counts them (the workbench's status bar, the review report's "At the end"):
 * running; pending, a pod that exists and waits to be placed; refused, a create the API server refused (a webhook's
 * denial, a DataStore without quorum), so no pod exists and none will run. The platform's own pods
 * ({@link PodView#platform()}) are not the workload and are not counted.
 */
public record PodCounts(long running, long pending, long refused) {

    public static PodCounts of(LabSnapshot s) {
        long running = 0;
        long pending = 0;
        long refused = 0;
        for (TenantView t : s.tenants()) {
            for (PodView p : t.pods()) {
                if (p.platform()) {
                    continue;
                }
                switch (p.phase()) {
                    case "Running" -> running++;
                    case "Pending" -> pending++;
                    case "Rejected" -> refused++;
                    default -> { }
                }
            }
        }
        return new PodCounts(running, pending, refused);
    }

    /** {@code 1 running · 0 pending · 1 refused}; refused only when a create was refused. */
    public String words(String separator) {
        return String.format(Locale.ROOT, "%d running%s%d pending", running, separator, pending)
                + (refused == 0 ? "" : String.format(Locale.ROOT, "%s%d refused", separator, refused));
    }
}
