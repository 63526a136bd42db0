package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.app.gui.Workbench;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.ChoiceBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Each shipped walkthrough driven through the real window: Walkthroughs menu, the panel, the trainee's
 * actions on canvas and toolbar, with title, step text and every tick checked after each action.
 */
@ExtendWith(ApplicationExtension.class)
class WalkthroughTourTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage);
    }

    private static void fromMenu(FxRobot robot, String title) {
        robot.clickOn("Walkthroughs").clickOn(title);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(title, FxTestSupport.text(robot, "walkthrough-title"), "panel title names the menu's walkthrough");
    }

    /** Progress line and the tick mark of every step: "✓" for done ones, the step number otherwise. */
    private static void expect(FxRobot robot, int done, int total) {
        assertEquals(done >= total ? "✓ Complete — all " + total + " steps" : "Step " + (done + 1) + " of " + total,
                FxTestSupport.text(robot, "walkthrough-progress"));
        List<String> marks = new ArrayList<>();
        List<String> want = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            marks.add(FxTestSupport.text(robot, "wt-mark-" + i));
            want.add(i < done ? "✓" : String.valueOf(i + 1));
        }
        assertEquals(want, marks);
    }

    private static void drop(FxRobot robot, String template) {
        FxTestSupport.dragPod(robot, template, "tenant-header-tenant-a");
    }

    @Test
    void theArticlesEightTests(FxRobot robot) {
        fromMenu(robot, "The article's eight tests");
        expect(robot, 0, 6);
        for (int i = 1; i <= 3; i++) {
            drop(robot, "article");
            expect(robot, i, 6);
        }
        drop(robot, "article");
        expect(robot, 4, 6);
        drop(robot, "big");
        expect(robot, 5, 6);
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-b");
        expect(robot, 6, 6);

        FxTestSupport.click(robot, "undo");
        expect(robot, 5, 6);
        FxTestSupport.click(robot, "undo");
        expect(robot, 4, 6);
        FxTestSupport.click(robot, "reset");
        expect(robot, 0, 6);
        FxTestSupport.click(robot, "undo");
        expect(robot, 4, 6);
    }

    @Test
    void theNodeLock(FxRobot robot) {
        fromMenu(robot, "The node lock");
        FxTestSupport.click(robot, "walkthrough-start");
        assertEquals("The node lock", FxTestSupport.text(robot, "walkthrough-title"), "Start keeps the walkthrough");
        expect(robot, 0, 5);
        FxTestSupport.click(robot, "lifecycle-article");
        expect(robot, 1, 5);
        drop(robot, "article");
        expect(robot, 2, 5);
        drop(robot, "article");
        expect(robot, 3, 5);
        FxTestSupport.click(robot, "unlock");
        expect(robot, 4, 5);
        FxTestSupport.click(robot, "lifecycle-complete");
        expect(robot, 4, 5);
        FxTestSupport.click(robot, "unlock");
        expect(robot, 4, 5);
        drop(robot, "article");
        expect(robot, 5, 5);

        FxTestSupport.click(robot, "walkthrough-start");
        expect(robot, 0, 5);
    }

    @Test
    void runningIsNotProof(FxRobot robot) {
        fromMenu(robot, "Running is not proof");
        expect(robot, 0, 5);
        FxTestSupport.click(robot, "konnectivity-tenant-a");
        expect(robot, 1, 5);
        drop(robot, "article");
        expect(robot, 2, 5);
        robot.interact(() -> robot.lookup("#policy-tenant-a").queryAs(ChoiceBox.class).setValue("Fail"));
        WaitForAsyncUtils.waitForFxEvents();
        expect(robot, 3, 5);
        drop(robot, "article");
        expect(robot, 4, 5);
        FxTestSupport.click(robot, "konnectivity-tenant-a");
        expect(robot, 4, 5);
        drop(robot, "article");
        expect(robot, 5, 5);

        FxTestSupport.click(robot, "undo");
        expect(robot, 4, 5);
    }

    @Test
    void finishingOneWalkthroughDoesNotTickTheNext(FxRobot robot) {
        fromMenu(robot, "The node lock");
        FxTestSupport.click(robot, "lifecycle-article");
        expect(robot, 1, 5);
        fromMenu(robot, "Running is not proof");
        expect(robot, 0, 5);
        assertEquals(0, workbench.viewModel().history().commands().size(), "starting it reset the lab");
    }
}
