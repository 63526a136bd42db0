package io.gpulab.app.cli;

import io.gpulab.app.GpulabVersion;
import io.gpulab.app.report.PdfDoc;
import io.gpulab.app.report.ScenarioReport;
import io.gpulab.app.report.ScenarioReportInput;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.scenario.BuiltinScenarios;
import io.gpulab.engine.scenario.Scenario;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
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

    @Option(names = "--initial", description = "Do not play the scenario's steps: the lab as built.")
    boolean initial;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Override
    public Integer call() throws Exception {
        // PDFBox logs font fallbacks at WARN; the report embeds its own fonts, so keep the console clean
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.pdfbox", "error");
        try {
            OutputFile.check(out, PdfDoc.KIND, output.force);
        } catch (java.io.IOException e) {
            spec.commandLine().getErr().println("gpulab report: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        Scenario s = CliSupport.load(spec, scenario);
        if (s == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        try {
            ScenarioReport.Input in = ScenarioReportInput.collect(s, source(scenario), !initial);
            int pages = ScenarioReport.write(in, GpulabVersion.VERSION, ZonedDateTime.now(ZoneOffset.UTC), out,
                    output.force);
            spec.commandLine().getOut().println("wrote " + out + " (" + pages + " pages)");
            return GpulabCommand.EXIT_OK;
        } catch (IllegalArgumentException | java.io.IOException e) {
            spec.commandLine().getErr().println("gpulab report: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
    }

    /** The scenario file's text, for the appendix (a path, else the built-in's). */
    static String source(String scenario) throws java.io.IOException {
        Path p = Path.of(scenario);
        if (Files.isRegularFile(p)) {
            return Files.readString(p, StandardCharsets.UTF_8);
        }
        try (InputStream in = BuiltinScenarios.open(scenario)) {
            return in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
