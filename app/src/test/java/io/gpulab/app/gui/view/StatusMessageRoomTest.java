package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
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
}
