package io.gpulab.app.cli;

import io.gpulab.app.GpulabVersion;
import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanResult;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Hands a plan's answer to the decision report writer, with the Plan view's charts rendered headless. Only
 * {@code --out} comes here, so a plan without a report never loads the toolkit.
 */
final class PlanReport {

    private PlanReport() {
    }

    static int write(PlanResult r, Plan plan, Path out) throws IOException {
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.pdfbox", "error");
        return io.gpulab.app.report.DecisionReport.write(r, GpulabVersion.VERSION, out,
                io.gpulab.app.gui.plan.PlanChartImages.headless());
    }
}
