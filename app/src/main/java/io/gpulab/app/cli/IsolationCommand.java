package io.gpulab.app.cli;

import io.gpulab.app.GpulabVersion;
import io.gpulab.app.report.IsolationReport;
import io.gpulab.app.report.PdfFile;
import io.gpulab.engine.isolation.IsolationAnalysis;
import io.gpulab.engine.isolation.IsolationTable;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.scenario.Scenario;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.BufferedWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.concurrent.Callable;

/** {@code gpulab isolation SCENARIO [--json] [--out F.pdf]}: isolation by layer (docs/isolation.md). */
@Command(name = "isolation", mixinStandardHelpOptions = true,
        description = {"Isolation by layer: for each layer of the scenario's lab (management nodes, DataStore, "
                + "schema, API server, controller-manager/scheduler, Konnectivity, workers, cards), which tenants "
                + "share it and what each tenant loses when it fails, derived by injecting the failure into a "
                + "simulated copy of the lab and observing.",
            "Exit 0 when the table was derived, 2 for a bad scenario or arguments."})
public final class IsolationCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "a scenario file (YAML or JSON) or a built-in "
            + "name (article, shared-datastore, ...); its lab is copied as built, its steps are not played")
    private String scenario;

    @Option(names = "--json", description = "print the table as one JSON document")
    private boolean json;

    @Option(names = "--out", paramLabel = "F.pdf", description = "also write the table as a PDF report")
    private @Nullable Path out;

    @Mixin
    OutputOptions output = new OutputOptions();

    @Override
    public Integer call() throws Exception {
        if (out != null) {
            System.setProperty("org.slf4j.simpleLogger.log.org.apache.pdfbox", "error");
            try {
                OutputFile.check(out, PdfFile.KIND, output.force);
            } catch (java.io.IOException e) {
                CliSupport.err(spec).println("gpulab isolation: " + e.getMessage());
                return GpulabCommand.EXIT_USAGE;
            }
        }
        Scenario s = CliSupport.load(spec, scenario);
        if (s == null) {
            return GpulabCommand.EXIT_USAGE;
        }
        IsolationTable table;
        try {
            table = IsolationAnalysis.derive(s.lab());
        } catch (IllegalArgumentException | IllegalStateException e) {
            CliSupport.err(spec).println("gpulab: " + s.source() + ": backend sim: " + e.getMessage());
            return GpulabCommand.EXIT_USAGE;
        }
        if (out != null) {
            try {
                int pages = IsolationReport.write(table, GpulabVersion.VERSION, ZonedDateTime.now(ZoneOffset.UTC), out,
                        output.force);
                if (!json) {
                    CliSupport.out(spec).println("wrote " + out + " (" + pages + " pages)");
                }
            } catch (java.io.IOException e) {
                CliSupport.err(spec).println("gpulab isolation: " + e.getMessage());
                return GpulabCommand.EXIT_USAGE;
            }
        }
        if (json) {
            return CliSupport.printJson(spec, table);
        }
        PrintWriter w = new PrintWriter(new BufferedWriter(CliSupport.out(spec), 1 << 16));
        IsolationText.print(table, w);
        w.flush();
        return GpulabCommand.EXIT_OK;
    }
}
