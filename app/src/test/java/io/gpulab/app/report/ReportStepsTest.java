package io.gpulab.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.cli.CliRunner;
import io.gpulab.engine.scenario.BuiltinScenarios;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpulab report SCENARIO --steps N}: the lab after N steps, later checks NOT RUN, the cut history attached. */
class ReportStepsTest {

    @TempDir
    Path dir;

    @Test
    void afterTwoStepsTwoChecksRunAndTheOtherSixAreNotRun() throws Exception {
        Path pdf = dir.resolve("r.pdf");
        CliRunner.Result r = CliRunner.run("report", "article", "--steps", "2", "--out", pdf.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> pages = PdfChecks.pages(pdf);
        String all = String.join("\n", pages).replaceAll("\\s+", " ");
        assertTrue(all.contains("2 of 8 checks ran and passed; 6 not run (the lab was reported after 2 of article's 5 "
                + "steps)"), all);
        assertTrue(all.contains("The lab after 2 of article's 5 steps"), all);
        assertTrue(!all.contains(Sha256.of(BuiltinScenarios.source("article"))), "the whole file is not what ran");
        assertTrue(all.contains("name: \"check 2: pod 2 of 3 (20,000 MB, 30 %) runs on tenant-a's card\"")
                && !all.contains("name: \"check 3:"), "the attached scenario stops after step 2");
    }

    @Test
    void stepsOutsideTheScenarioAreRefusedNamingTheRange() {
        CliRunner.Result r = CliRunner.run("report", "article", "--steps", "6", "--out", dir.resolve("x.pdf")
                .toString());
        assertEquals(2, r.exit());
        assertEquals("gpulab report: --steps 6: article has 5 steps that change the lab (0 to 5)\n", r.err());
    }
}
