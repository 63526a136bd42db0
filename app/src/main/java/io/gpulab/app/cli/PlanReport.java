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

    /**
     * Gets the chart renderer ready while the candidates replay (on a daemon thread): its start-up then overlaps the
     * replays instead of following them. A failure here, JavaFX's native libraries missing included, is left to the
     * report to say, on its own thread and in its own words.
     */
    static void prepare() {
        Thread t = new Thread(() -> {
            try {
                io.gpulab.app.gui.plan.PlanChartImages.warmUp();
            } catch (java.io.IOException | RuntimeException | LinkageError e) {
                // the report itself starts the renderer again and reports what goes wrong
            }
        }, "report-warm-up");
        t.setDaemon(true);
        t.start();
    }

    static int write(PlanResult r, Plan plan, Path out, boolean force) throws IOException {
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.pdfbox", "error");
        return io.gpulab.app.report.DecisionReport.write(r, GpulabVersion.VERSION, out,
                io.gpulab.app.gui.plan.PlanChartImages.headless(), force);
    }
}
