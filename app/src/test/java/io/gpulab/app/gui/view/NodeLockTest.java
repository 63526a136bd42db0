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

    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
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

    /**
     * At 5 min the lock still holds and the badge says why in a sentence longer than a worker box at 1280x720: it
     * was drawn "… … expires right after now (HAMi frees…", its words cut and nothing to hover. The label "node lock"
     * stays whole and the whole sentence is on the badge's tooltip.
     */
    @Test
    void theLockAtItsExpiryReadsWholeOnHoverAt1280x720(FxRobot robot) throws Exception {
        io.gpulab.app.gui.Workbench workbench = FxTestSupport.showAt(robot, stage, "article", 1280, 720, false);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#lifecycle-article");
        WaitForAsyncUtils.waitForFxEvents();
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        robot.clickOn("#advance-5m");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node badge = robot.lookup("#lock-tenant-a-worker").query();
        String tip = WaitForAsyncUtils.asyncFx(() -> {
            Object t = badge.getProperties().get("javafx.scene.control.Tooltip");
            return t == null ? "" : ((javafx.scene.control.Tooltip) t).getText();
        }).get();
        assertTrue(tip.equals("node lock default/gpu-pod-1: expires right after now (HAMi frees it only once older "
                + "than 5m)"), tip);
        javafx.scene.control.Label what = (javafx.scene.control.Label) badge.lookupAll(".label").stream()
                .filter(n -> "node lock".equals(((javafx.scene.control.Label) n).getText())).findFirst().orElseThrow();
        assertTrue(WaitForAsyncUtils.asyncFx(() -> FxTestSupport.drawn(what)).get().equals("node lock"),
                "the badge's own words are drawn whole");
        // and without a hover: node-lock step 4 is read off the badge, in presentation mode's larger type too
        // (the holder and the countdown were cut "default/gpu-… expires right after now (HAMi frees it only once
        // older th…" even at 1920x1080)
        for (boolean presenting : new boolean[] {false, true}) {
            robot.interact(() -> workbench.view().setPresentation(presenting));
            WaitForAsyncUtils.waitForFxEvents();
            javafx.scene.Node shown = robot.lookup("#lock-tenant-a-worker").query();
            for (javafx.scene.Node n : shown.lookupAll(".label")) {
                javafx.scene.control.Label l = (javafx.scene.control.Label) n;
                String drawn = WaitForAsyncUtils.asyncFx(() -> FxTestSupport.drawn(l)).get();
                assertTrue(drawn.replace("\n", " ").replaceAll("\\s+", " ").equals(l.getText()), (presenting
                        ? "presentation mode: " : "") + "'" + l.getText() + "' drawn as '" + drawn + "'");
            }
        }
    }

    @Test
    void completeLifecycleNeverLeavesAPadlock(FxRobot robot) {
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        assertTrue(robot.lookup("#lock-tenant-a-worker").tryQuery().isEmpty());
    }
}
