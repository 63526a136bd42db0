package io.gpulab.app.gui.export;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.report.ScenarioReport;
import io.gpulab.app.report.ScenarioReportInput;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.RecordedScenario;
import java.util.ArrayList;
import java.util.List;

/**
 * The workbench's review report, gathered through the same code as {@code gpulab report}: the lab's history as a
 * scenario ({@link WorkbenchViewModel#recording()}), run once on the simulated lab, gives the verdicts, the lab at the
 * end and the traces; the checks the history did not reach are NOT RUN. On a real cluster nothing is run: the lab is
 * reported as observed, every check NOT RUN.
 */
public final class ReportData {

    private ReportData() {
    }

    /** The report's content for the lab on screen (engine calls; run off the FX thread if slow). */
    public static ScenarioReport.Input collect(WorkbenchViewModel vm) throws Exception {
        if (vm.simulated()) {
            return ScenarioReportInput.collect(vm.recording());
        }
        LabSnapshot s = vm.snapshot();
        List<PodTrace> traces = new ArrayList<>();
        for (TenantView t : s.tenants()) {
            for (PodView p : t.pods()) {
                if (!"Running".equals(p.phase()) && !"Succeeded".equals(p.phase())) {
                    traces.add(vm.pods().traceOf(t.name(), p.key()));
                }
            }
        }
        RecordedScenario opened = vm.provenance().asOpened();
        return ScenarioReportInput.observed(opened, vm.provenance().openedDescription(), s, traces);
    }
}
