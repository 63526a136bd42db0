package io.gpulab.app.report;

import io.gpulab.engine.scenario.ScenarioReader;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** gpulab report on the article lab: a summary, the limits, checks with observed values, traces, the file. */
class ScenarioReportTest {

    @Test
    void theArticleReportSaysWhatWasCheckedShowsObservedValuesAndCarriesNoUiHints(@TempDir Path dir)
            throws Exception {
        String source;
        try (InputStream in = io.gpulab.engine.scenario.BuiltinScenarios.open("article")) {
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        ScenarioReport.Input input = ScenarioReportInput.collect(new ScenarioReader().load("article"), source, true);
        Path pdf = dir.resolve("a.pdf");
        ScenarioReport.write(input, "9.9.9", ZonedDateTime.of(2026, 12, 3, 10, 0, 0, 0, ZoneOffset.UTC), pdf, false);
        List<String> pages = PdfChecks.pages(pdf);
        String first = pages.get(0).replaceAll("\\s+", " ");
        assertTrue(first.contains("What was checked") && first.contains("All 8 checks passed")
                && first.contains("What it proves"), first);
        assertTrue(pages.get(1).contains("Assumptions and limits"), pages.get(1));
        String all = String.join("\n", pages).replaceAll("\\s+", " ");
        assertTrue(all.contains("Verification results") && all.contains("field expected observed"), all);
        assertTrue(all.contains("id=GPU-0, memMB=20000, cores=30"), "observed devices of check 1");
        assertTrue(all.contains("PASS check 1: pod 1 of 3") && !all.contains("1. check 1:"), "checks numbered twice");
        assertTrue(all.contains("Traces of pods that did not run") && all.contains("tenant-a default/gpu-pod-4")
                && all.contains("CardInsufficientCore"), all);
        assertTrue(all.contains(Sha256.of(source)) && all.contains("9.9.9"), "appendix identifies the file");
        assertFalse(all.contains("drop a pod here"), "a UI hint in the report");
        assertFalse(all.toLowerCase(java.util.Locale.ROOT).contains("failure policy:"), "a UI control in the report");
    }
}
