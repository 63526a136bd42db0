package io.gpulab.app.gui.export;

import io.gpulab.app.gui.vm.PendingBadge;
import io.gpulab.app.gui.vm.ScenarioVerifier;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything the review report prints, gathered up front so writing the PDF needs no engine.
 *
 * @param checks      the scenario's verification results (a fresh run of its expectations)
 * @param traces      the trace of every pod that is not running (pending or refused)
 */
public record ReportData(LabSnapshot snapshot, BufferedImage topology, Caption caption,
                         List<ScenarioVerifier.Check> checks, List<PodTrace> traces) {

    public ReportData {
        checks = List.copyOf(checks);
        traces = List.copyOf(traces);
    }

    /** Collects checks and traces through the view-model (engine calls; run off the FX thread if slow). */
    public static ReportData collect(WorkbenchViewModel vm, BufferedImage topology) throws Exception {
        LabSnapshot s = vm.snapshot();
        List<PodTrace> traces = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            for (PodView p : t.pods()) {
                if (PendingBadge.isPending(p)) {
                    traces.add(vm.traceOf(t.name(), p.key()));
                }
            }
        }
        return new ReportData(s, topology, Caption.of(s), vm.verify(), traces);
    }
}
