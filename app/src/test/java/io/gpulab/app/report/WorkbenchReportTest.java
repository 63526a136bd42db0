package io.gpulab.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.export.ReportData;
import io.gpulab.app.gui.export.ReportWriter;
import io.gpulab.app.gui.vm.FreshArticleLab;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.scenario.BuiltinScenarios;
import io.gpulab.engine.scenario.ScenarioReader;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File → Export review report, the three cases a reviewer was misled by: after one step, after a full Play, after a
 * lab-editor change. Each is the report of the lab's history, made by the code of {@code gpulab report}.
 */
class WorkbenchReportTest extends FreshArticleLab {

    @TempDir
    Path dir;

    private String report() throws Exception {
        Path pdf = dir.resolve("gui.pdf");
        ReportWriter.write(ReportData.collect(vm), pdf);
        return String.join("\n", PdfChecks.pages(pdf)).replaceAll("\\s+", " ");
    }

    @Test
    void afterResetAndOneStepOneCheckPassedAndSevenWereNotRun() throws Exception {
        vm.reset();
        vm.playback().playNextScenarioStep();
        String all = report();
        assertFalse(all.contains("All 8 checks passed"), all);
        assertTrue(all.contains("1 of 8 checks ran and passed; 7 not run"), all);
        assertTrue(all.contains("NOT RUN check 6: tenant-a's card holds 60,000 MB, 90 % and 3 of 10 slots"), all);
        assertTrue(all.contains("20,000 / 81,920"), "the card table shows the one pod");
        assertTrue(all.contains(Sha256.of(vm.recording().text())), "the history attached");
    }

    @Test
    void aRefusedCreateIsCountedRefusedAtTheEndAsTheStatusBarCountsIt() throws Exception {
        io.gpulab.app.gui.EngineLabOpener opener = io.gpulab.app.gui.EngineLabOpener.sim();
        vm.close();
        vm = new WorkbenchViewModel(opener.open("running-is-not-proof"), opener,
                new io.gpulab.app.gui.fx.CurrentThreadTaskExecutor(), r -> { });
        vm.playback().playScenarioSteps();
        String all = report();
        // the webhook unreachable under failurePolicy Fail refused refused-pod's create: no pod exists, none waits
        assertTrue(all.contains("At the end: 2 pods running, 0 pending, 1 refused;"), all);
        assertEquals("2 running · 0 pending · 1 refused",
                io.gpulab.engine.metrics.PodCounts.of(vm.snapshot()).words(" · "), "the status bar's figures");
    }

    @Test
    void afterAFullPlayEveryCheckPassedOnceNumberedWithItsEvidenceAndTheFileAttached() throws Exception {
        vm.playback().playScenarioSteps();
        String all = report();
        assertTrue(all.contains("All 8 checks passed"), all);
        assertFalse(all.contains("did not hold"), "a PASS line says what did not hold");
        assertFalse(all.contains("4. 4."), "numbered twice");
        assertTrue(all.contains("PASS check 4: a fourth 30 % pod would need 120 % of the card and stays Pending"), all);
        assertTrue(all.contains(Sha256.of(BuiltinScenarios.source("article"))), "the article file itself is attached");
        assertFalse(all.contains("not attached"), all);
    }

    /**
     * Played to the end, an edited lab's page 1 printed the article's description as is: "10 slots" of a lab split 4
     * ways, "two Kamaji tenants" of a lab of three. It states the edits and the lab's own figures; the article's
     * figures only as the scenario's, before the edits.
     */
    @Test
    void anEditedLabPlayedToTheEndNeverStatesTheScenariosFiguresAsItsOwn() throws Exception {
        vm.editor().edit("add tenant-c", d -> d.addTenant("tenant-c"));
        vm.editor().edit("deviceSplitCount 4", d -> d.setHami("deviceSplitCount", "4"));
        vm.playback().playScenarioSteps();
        Path pdf = dir.resolve("gui.pdf");
        ReportWriter.write(ReportData.collect(vm), pdf);
        String first = PdfChecks.pages(pdf).get(0).replace('\u00a0', ' ').replaceAll("\\s+", " ");
        int scenarios = first.indexOf("two Kamaji tenants");
        assertTrue(scenarios > 0, first);
        assertTrue(first.substring(0, scenarios).contains("written before these edits for its lab after all 5 steps; "
                + "its figures may no longer hold of this lab"), first);
        assertTrue(first.startsWith("Review report: article (edited)"), first);
        assertTrue(first.contains("This lab is the scenario article, edited in the workbench: add tenant-c; "
                + "deviceSplitCount 4. It is reported after the scenario's 5 steps"), first);
        assertTrue(first.contains("A lab of 3 tenants") && first.contains("sharing slots 25.0 % (3 of 12 slots)"),
                "the lab's own figures, 3 tenants and 4 slots a card: " + first);
    }

    @Test
    void anEditedLabIsReportedAsEditedWithNothingPassedThatDidNotRun() throws Exception {
        vm.editor().edit("add tenant-c", d -> d.addTenant("tenant-c"));
        vm.editor().edit("deviceSplitCount 4", d -> d.setHami("deviceSplitCount", "4"));
        String all = report();
        assertTrue(all.startsWith("Review report: article (edited)"), all);
        assertTrue(all.contains("No check was run"), all);
        assertFalse(all.contains("PASS"), all);
        // read by a reviewer: no parenthesis inside a parenthesis, no "step 0"; the edits first, then the scenario's
        // own description marked as written before them (its "10 slots" are not this lab's 4)
        assertTrue(all.contains("This lab is the scenario article, edited in the workbench: add tenant-c; "
                + "deviceSplitCount 4. It is reported as built (no step played); its own figures are the ones this "
                + "report shows"), all);
        assertTrue(all.contains("The scenario article's own description, written before these edits for its lab "
                + "after all 5 steps; its figures may no longer hold of this lab: The lab of"), all);
        assertTrue(all.contains("not run: it is checked in step 1 of article's 5, and the lab was reported before its "
                + "first step"), all);
        assertFalse(all.contains("step 0"), all);
        // a command a reviewer can type: "gpulab isolation article (edited)" named no file
        assertTrue(all.contains("gpulab isolation article-edited.yaml (the scenario this report attaches) prints the "
                + "same table"), all);
        for (int i = 1; i <= 8; i++) {
            assertTrue(all.contains("NOT RUN check " + i + ":"), "check " + i + " listed as not run");
        }
        var saved = new ScenarioReader().read("saved.yaml", new StringReader(vm.recording().text()), false);
        assertEquals("article (edited)", saved.name());
        assertTrue(saved.lab().description().startsWith("Edited in the workbench from the scenario article: add "
                + "tenant-c; deviceSplitCount 4. The scenario article's own description, written before these edits "
                + "(its figures may no longer hold of this lab): The lab of"), saved.lab().description());
        assertEquals(List.of("tenant-a", "tenant-b", "tenant-c"), saved.lab().tenants().stream().map(t -> t.name())
                .toList());
    }
}
