package io.gpulab.app.gui.export;

import io.gpulab.app.GpulabVersion;
import io.gpulab.app.gui.vm.ScenarioVerifier;
import io.gpulab.app.report.ScenarioReport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The workbench's review report: the same document as {@code gpulab report} (summary, assumptions, the lab
 * drawn for paper, tables, checks, traces), made from the lab as the workbench shows it.
 */
public final class ReportWriter {

    private ReportWriter() {
    }

    /** Writes the report (the save dialog asked before replacing a file); returns the number of pages. */
    public static int write(ReportData data, Path file) throws IOException {
        List<ScenarioReport.Check> checks = new ArrayList<>();
        for (ScenarioVerifier.Check c : data.checks()) {
            checks.add(new ScenarioReport.Check(c.name(), c.passed(), Map.of(), Map.of(),
                    c.detail().isEmpty() ? List.of() : List.of(c.detail())));
        }
        ScenarioReport.Input in = new ScenarioReport.Input(data.caption().scenario(), "", "", data.snapshot(), checks,
                data.traces(), true);
        return ScenarioReport.write(in, GpulabVersion.VERSION, ZonedDateTime.now(ZoneOffset.UTC), file, true);
    }
}
