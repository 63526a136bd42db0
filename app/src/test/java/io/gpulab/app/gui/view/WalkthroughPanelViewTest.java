package io.gpulab.app.gui.view;

import static io.gpulab.app.gui.view.WalkthroughPlayer.settle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughLoader;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What a walkthrough's panel shows is in view (docs/workbench.md, "Walkthroughs"): the step shown is scrolled into
 * view and the wheel scrolls the panel; a walkthrough that reads the management band opens it on a short screen and
 * in presentation mode; presentation mode's larger type keeps what to do in view. The walkthroughs are played with
 * the trainee's actions, as in WalkthroughRoutesTest.
 */
@ExtendWith(ApplicationExtension.class)
class WalkthroughPanelViewTest {

    private Stage stage;
    private WalkthroughPlayer player;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void theStepShownIsInViewAndTheWheelScrollsThePanel(FxRobot robot) {
        player = WalkthroughPlayer.open(robot, stage, 1280, 720);
        Walkthrough w = WalkthroughLoader.builtIns().get(0);
        FxTestSupport.beginFromMenu(robot, w);
        for (int i = 0; i < 5; i++) {
            player.play(w, i, w.steps().get(i).routes().get(0));
        }
        settle(() -> player.at() == 5);
        assertEquals(5, player.at());
        ScrollPane pane = robot.lookup("#walkthrough-scroll").queryAs(ScrollPane.class);
        assertInView(robot, pane, 5);
        assertTrue(pane.getContent().getLayoutBounds().getHeight() > pane.getViewportBounds().getHeight(),
                "the panel is taller than its view at 1280x720");
        robot.interact(() -> pane.setVvalue(pane.getVmin()));
        double before = pane.getVvalue();
        // a wheel turn over a step's text, as the window delivers it (Monocle's robot wheel is unreliable headless;
        // the real-window run turns the real wheel): it bubbles up to the panel's scroll pane
        wheel(robot, "#wt-step-1", -120);
        double after = pane.getVvalue();
        assertTrue(after > before, "the wheel scrolled the panel: " + before + " -> " + after);
        wheel(robot, "#wt-step-1", 120);
        assertTrue(pane.getVvalue() < after, "and back: " + after + " -> " + pane.getVvalue());

        // what step 6 asks to compare appears under it for the tenant clicked: at 1280x720 that is below the fold,
        // and the panel brings it into view (it stayed cut under the step's text)
        robot.clickOn("#tenant-name-tenant-a");
        settle(() -> robot.lookup("#wt-inspect .step-title").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        Node compare = robot.lookup("#wt-inspect").query();
        Bounds view = pane.localToScene(pane.getLayoutBounds());
        Bounds rows = compare.localToScene(compare.getLayoutBounds());
        assertTrue(rows.getMinY() >= view.getMinY() - 1 && rows.getMaxY() <= view.getMaxY() + 1,
                "what step 6 compares for tenant-a is in view: " + rows + " in " + view);

        robot.interact(() -> pane.setVvalue(pane.getVmax()));
        for (int i = 0; i < 5; i++) {
            robot.clickOn("#walkthrough-back");
        }
        settle(() -> player.workbench().walkthroughs().viewedProperty().get() == 0);
        assertEquals(0, player.workbench().walkthroughs().viewedProperty().get());
        assertInView(robot, pane, 0);
    }

    private static void wheel(FxRobot robot, String query, double deltaY) {
        Node over = robot.lookup(query).query();
        Node target = over.lookupAll(".label").stream().findFirst().orElse(over);
        Bounds b = target.localToScene(target.getLayoutBounds());
        Bounds s = target.localToScreen(target.getLayoutBounds());
        robot.interact(() -> javafx.event.Event.fireEvent(target, new javafx.scene.input.ScrollEvent(
                javafx.scene.input.ScrollEvent.SCROLL, b.getCenterX(), b.getCenterY(), s.getCenterX(), s.getCenterY(),
                false, false, false, false, false, false, 0, deltaY, 0, deltaY,
                javafx.scene.input.ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                javafx.scene.input.ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void assertInView(FxRobot robot, ScrollPane pane, int step) {
        WaitForAsyncUtils.waitForFxEvents();
        Node box = robot.lookup("#wt-step-" + step).query();
        Bounds view = pane.localToScene(pane.getLayoutBounds());
        Bounds b = box.localToScene(box.getLayoutBounds());
        assertTrue(b.getMinY() >= view.getMinY() - 1 && b.getMinY() < view.getMaxY() - 40,
                "step " + (step + 1) + " is in view: " + b + " in " + view);
    }

    /**
     * "What the tenants share" reads the management band ("The management band will read '2 of 3 members up ...'"),
     * which a 1280x720 window and presentation mode fold to one line: the walkthrough opens it at each step, and what
     * the step said would be read there is on screen.
     */
    @Test
    void aWalkthroughThatReadsTheManagementBandOpensItOnAShortScreen(FxRobot robot) {
        player = WalkthroughPlayer.open(robot, stage, 1280, 720);
        Walkthrough w = WalkthroughLoader.builtIns().stream().filter(x -> x.id().equals("what-the-tenants-share"))
                .findFirst().orElseThrow();
        assertTrue(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"),
                "a 1280x720 window starts with the band folded");
        FxTestSupport.beginFromMenu(robot, w);
        assertFalse(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"),
                "the walkthrough opened the band it reads");
        player.play(w, 0, w.steps().get(0).routes().get(0));
        // the trainee scrolls up to the band (step 2 may have brought tenant-b into view below it) and folds it;
        // the next step opens it again
        robot.interact(() -> robot.lookup("#topology").queryAs(ScrollPane.class).setVvalue(0));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#management-toggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"));
        player.play(w, 1, w.steps().get(1).routes().get(0));
        assertFalse(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"),
                "step 3 begins with the band open");
        // presentation mode folds the band; a walkthrough that reads it keeps it open
        robot.interact(() -> player.workbench().view().setPresentation(true));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"),
                "presentation mode during the walkthrough keeps the band open");
    }

    /**
     * Presentation mode's larger type moves the steps down: at 1024x768 step 1 of "What the tenants share" kept its
     * title in view while what to do and what will be seen fell below the fold (seen in the real window). The panel
     * brings them back into view when its size or type changes.
     */
    @Test
    void presentationModeKeepsWhatToDoOfTheStepInView(FxRobot robot) {
        player = WalkthroughPlayer.open(robot, stage, 1024, 768);
        Walkthrough w = WalkthroughLoader.builtIns().stream().filter(x -> x.id().equals("what-the-tenants-share"))
                .findFirst().orElseThrow();
        FxTestSupport.beginFromMenu(robot, w);
        robot.interact(() -> player.workbench().view().setPresentation(true));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        ScrollPane pane = robot.lookup("#walkthrough-scroll").queryAs(ScrollPane.class);
        Bounds view = pane.localToScene(pane.getLayoutBounds());
        for (String part : List.of("#wt-step-0 #wt-action", "#wt-step-0 #wt-then")) {
            Node n = robot.lookup(part).query();
            Bounds b = n.localToScene(n.getLayoutBounds());
            assertTrue(b.getMinY() >= view.getMinY() - 1 && b.getMaxY() <= view.getMaxY() + 1, part + " in view in "
                    + "presentation mode at 1024x768: " + b + " in " + view);
        }
    }
}
