package io.gpulab.app.gui.export;

import io.gpulab.app.GpulabVersion;
import io.gpulab.app.report.ScenarioReport;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/** The workbench's review report: the same document as {@code gpulab report}, of the lab's history. */
public final class ReportWriter {

    private ReportWriter() {
    }

    /** Writes the report (the save dialog asked before replacing a file); returns the number of pages. */
    public static int write(ScenarioReport.Input in, Path file) throws IOException {
        return ScenarioReport.write(in, GpulabVersion.VERSION, ZonedDateTime.now(ZoneOffset.UTC), file, true);
    }
}
