package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The padlock in the article's mock lifecycle: it appears on bind and goes away on unlock. */
@ExtendWith(ApplicationExtension.class)
class NodeLockTest {

    @Start
    void start(Stage stage) throws Exception {
        FxTestSupport.show(stage);
    }

    @Test
    void padlockAppearsInArticleModeAndDisappearsOnUnlock(FxRobot robot) {
        robot.clickOn("#lifecycle-article");
        WaitForAsyncUtils.waitForFxEvents();
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        assertTrue(robot.lookup("#lock-tenant-a-worker").tryQuery().isPresent(), "padlock shown after the bind");
        assertTrue(FxTestSupport.text(robot, "lock-timer-tenant-a-worker").startsWith("expires in 5:00"));

        robot.clickOn("#unlock");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#lock-tenant-a-worker").tryQuery().isEmpty(), "padlock gone after unlock");
    }

    @Test
    void completeLifecycleNeverLeavesAPadlock(FxRobot robot) {
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        assertTrue(robot.lookup("#lock-tenant-a-worker").tryQuery().isEmpty());
    }
}
