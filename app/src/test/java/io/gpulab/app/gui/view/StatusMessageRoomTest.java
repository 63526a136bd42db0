package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.export.ReportData;
import io.gpulab.app.report.ScenarioReport;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The status bar's message is the outcome a trainer reads out after playing ("8 checks passed"): at 1280x720 it
 * was cut to "Played steps 1–5 of 5: 8 chec..." while the shortcut hint kept its room. The hint gives way first.
 */
@ExtendWith(ApplicationExtension.class)
class StatusMessageRoomTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "article", 1280, 720, false);
    }

    @Test
    void thePlayedScenariosVerdictIsShownWholeAt1280x720(FxRobot robot) {
        robot.interact(() -> workbench.viewModel().playback().playScenarioSteps());
        WaitForAsyncUtils.waitForFxEvents();
        Label message = robot.lookup("#status-message").queryAs(Label.class);
        String full = message.getText();
        assertTrue(full.endsWith("8 checks passed"), full);
        assertEquals(full, FxTestSupport.drawn(message), "the message as drawn");
        Label hint = robot.lookup(".key-hints").queryAs(Label.class);
        assertTrue(!FxTestSupport.drawn(hint).equals(hint.getText()) || !hint.isVisible() || hint.getWidth() < 1,
                "the hint gave way: " + FxTestSupport.drawn(hint));
    }

    /**
     * After Next step then Play the status said "7 checks passed" while the review report says "All 8 checks passed":
     * both true, read by a trainer as a disagreement. The status says what it counts, with the report's own counts
     * for the run (the report of that lab, gathered by the export's code), and is drawn whole at 1280x720.
     */
    @Test
    void theStatusCountsThisPlayAndTheRunAsTheReportDoes(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.viewModel().playback().playNextScenarioStep());
        WaitForAsyncUtils.waitForFxEvents();
        Label message = robot.lookup("#status-message").queryAs(Label.class);
        String first = message.getText();
        assertTrue(first.endsWith(": PASS " + inTheRun(report())), first);
        assertTrue(first.contains(" not run)"), "after one step most checks are not run: " + first);
        robot.interact(() -> workbench.viewModel().playback().playScenarioSteps());
        WaitForAsyncUtils.waitForFxEvents();
        String full = message.getText();
        ScenarioReport.Input report = report();
        assertEquals(0, report.checks().stream().filter(c -> c.verdict() != ScenarioReport.Verdict.PASS).count(),
                "the report's checks all pass (it says \"All 8 checks passed\")");
        assertEquals("Played steps 2–5 of 5: " + (report.checks().size() - 1) + " checks passed in this play "
                + inTheRun(report), full);
        assertEquals("Played steps 2–5 of 5: 7 checks passed in this play (8 of 8 passed in the run)", full);
        robot.interact(() -> {
            message.getScene().getRoot().applyCss();
            message.getScene().getRoot().layout();
        });
        assertEquals(full, FxTestSupport.drawn(message), "the message as drawn");
    }

    private ScenarioReport.Input report() throws Exception {
        return ReportData.collect(workbench.viewModel());
    }

    /** The run's counts as the report has them: passed of all its checks, the not run ones named. */
    private static String inTheRun(ScenarioReport.Input report) {
        long passed = report.checks().stream().filter(c -> c.verdict() == ScenarioReport.Verdict.PASS).count();
        long notRun = report.checks().stream().filter(c -> c.verdict() == ScenarioReport.Verdict.NOT_RUN).count();
        return "(" + passed + " of " + report.checks().size() + " passed in the run" + (notRun == 0 ? ""
                : ", " + notRun + " not run") + ")";
    }
}
