package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A walkthrough step completes when the trainee does what it asks. */
@ExtendWith(ApplicationExtension.class)
class WalkthroughStepTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage);
    }

    @Test
    void droppingTheFirstPodCompletesTheFirstStepOfTheEightTests(FxRobot robot) {
        robot.clickOn("Walkthrough");
        robot.clickOn("#walkthrough-start");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Step 1 of 6", FxTestSupport.text(robot, "walkthrough-progress"));

        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        assertEquals("Step 2 of 6", FxTestSupport.text(robot, "walkthrough-progress"));
        assertTrue(robot.lookup("#wt-step-0").query().getStyleClass().contains("done"));
        assertEquals(1, workbench.walkthroughs().stepIndexProperty().get());
    }
}
