package io.gpulab.app.cli;

import io.gpulab.app.gui.HeadlessWorkbench;
import io.gpulab.app.gui.export.HeadlessFx;
import io.gpulab.engine.scenario.ScenarioException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code gpulab report SCENARIO --out FILE.pdf}: the review report, rendered headless. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write the review report (topology, card allocations, verification, traces) to PDF.")
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Built-in scenario name or scenario file.")
    String scenario;

    @Option(names = "--out", required = true, paramLabel = "FILE.pdf", description = "Where to write the PDF.")
    Path out;

    @Option(names = "--initial", description = "Do not play the scenario's steps: the lab as built.")
    boolean initial;

    @Override
    public Integer call() throws Exception {
        // PDFBox logs font fallbacks at WARN; the report embeds its own fonts, so keep the console clean
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.pdfbox", "error");
        try (HeadlessWorkbench w = HeadlessWorkbench.open(scenario, initial ? 0 : Integer.MAX_VALUE, null, false,
                1600, 1000)) {
            int pages = HeadlessFx.call(() -> w.workbench().view().actions().exportReportTo(out));
            spec.commandLine().getOut().println("wrote " + out + " (" + pages + " pages)");
            return GpulabCommand.EXIT_OK;
        } catch (ScenarioException | IllegalArgumentException e) {
            spec.commandLine().getErr().println("gpulab report: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
    }
}
