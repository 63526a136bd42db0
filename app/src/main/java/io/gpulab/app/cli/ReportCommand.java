package io.gpulab.app.cli;

import io.gpulab.app.GpulabVersion;
import io.gpulab.app.report.PdfFile;
import io.gpulab.app.report.ScenarioReport;
import io.gpulab.app.report.ScenarioReportInput;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.scenario.BuiltinScenarios;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.Scenario;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code gpulab report SCENARIO --out FILE.pdf}: the review report, headless (no toolkit): summary, assumptions,
 * the lab drawn for paper, card tables, checks with observed values, traces, the scenario file.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write the review report (summary, assumptions, the lab, card allocations, verification with "
                + "observed values, traces of pods that did not run, the scenario file) to PDF.")
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "Built-in scenario name or scenario file.")
    String scenario;

    @Option(names = "--out", required = true, paramLabel = "FILE.pdf", description = "Where to write the PDF.")
    Path out;

    @Option(names = "--initial", description = "Do not play the scenario's steps: the lab as built (--steps 0).")
    boolean initial;

    @Option(names = "--steps", paramLabel = "N", description = "Report the lab after the first N steps that change "
            + "it, each with the checks right after it (as the workbench's Next step plays them); later checks are "
            + "NOT RUN.")
    Integer steps;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Override
    public Integer call() throws Exception {
        // PDFBox logs font fallbacks at WARN; the report embeds its own fonts, so keep the console clean
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.pdfbox", "error");
        try {
            OutputFile.check(out, PdfFile.KIND, output.force);
        } catch (java.io.IOException e) {
            spec.commandLine().getErr().println("gpulab report: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        Scenario s = CliSupport.load(spec, scenario);
        if (s == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        try {
            RecordedScenario.Origin origin = new RecordedScenario.Origin(BuiltinScenarios.source(scenario), s);
            int total = origin.playable().size();
            if (initial && steps != null && steps != 0) {
                spec.commandLine().getErr().println("gpulab report: --initial and --steps " + steps + " disagree: give "
                        + "one of them");
                return GpulabCommand.EXIT_USAGE;
            }
            int n = initial ? 0 : steps == null ? total : steps;
            if (n < 0 || n > total) {
                spec.commandLine().getErr().println("gpulab report: --steps " + n + ": " + s.name() + " has " + total
                        + " step" + (total == 1 ? "" : "s") + " that change the lab (0 to " + total + ")");
                return GpulabCommand.EXIT_USAGE;
            }
            List<RecordedScenario.Item> history = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                history.add(new RecordedScenario.Item.Played(i));
            }
            ScenarioReport.Input in = ScenarioReportInput.collect(RecordedScenario.of(origin, null, history));
            int pages = ScenarioReport.write(in, GpulabVersion.VERSION, ZonedDateTime.now(ZoneOffset.UTC), out,
                    output.force);
            spec.commandLine().getOut().println("wrote " + out + " (" + pages + " pages)");
            return GpulabCommand.EXIT_OK;
        } catch (IllegalArgumentException | java.io.IOException e) {
            spec.commandLine().getErr().println("gpulab report: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
    }
}
