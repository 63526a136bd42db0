package io.gpulab.app.gui.view;

import static io.gpulab.app.gui.view.WalkthroughPlayer.settle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughLoader;
import io.gpulab.app.gui.walkthrough.WalkthroughStep;
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
 * What a walkthrough step points at comes into the canvas's view when the step begins for the trainee (Start, Next,
 * Back, or the trainee's own action ticking the step before), and only then (docs/workbench.md, "Walkthroughs"): at
 * 1024x768 with the band open, "Drag the Article pod onto tenant-b" left tenant-b below the fold; at 1280x720 step 8
 * of "What the tenants share" spoke of the band scrolled above the view; and scrolling on every step change moved the
 * band's toggle away from whoever pressed Play with the article walkthrough shown.
 */
@ExtendWith(ApplicationExtension.class)
class StepTargetInViewTest {

    private static final Walkthrough SHARE = WalkthroughLoader.builtIns().stream()
            .filter(x -> x.id().equals("what-the-tenants-share")).findFirst().orElseThrow();

    private Stage stage;
    private Workbench workbench;
    private WalkthroughPlayer player;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private void open(FxRobot robot, double width, double height) {
        player = WalkthroughPlayer.open(robot, stage, width, height);
        workbench = player.workbench();
    }

    /** Plays step {@code i} by its first route, as the trainee would (a drop, a click, a menu item). */
    private void play(FxRobot robot, int i) {
        for (WalkthroughStep.RouteAction a : SHARE.steps().get(i).routes().get(0)) {
            WalkthroughPlayer.perform(robot, a);
        }
        settle(() -> player.at() == i + 1);
        assertEquals(i + 1, player.at(), "step " + (i + 1) + " done");
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static ScrollPane canvas(FxRobot robot) {
        return robot.lookup("#topology").queryAs(ScrollPane.class);
    }

    /** The canvas's visible part, in the scene. */
    private static Bounds view(FxRobot robot) {
        Node viewport = canvas(robot).lookup(".viewport");
        return viewport.localToScene(viewport.getLayoutBounds());
    }

    /** The node with this id drawn inside the canvas's visible part, top to bottom. */
    private static boolean whole(FxRobot robot, String id) {
        return inView(robot, id, (b, v) -> b.getMinY() >= v.getMinY() - 1 && b.getMaxY() <= v.getMaxY() + 1);
    }

    /** The top of the node with this id drawn inside the canvas's visible part. */
    private static boolean topShown(FxRobot robot, String id) {
        return inView(robot, id, (b, v) -> b.getMinY() >= v.getMinY() - 1 && b.getMinY() < v.getMaxY() - 20);
    }

    /** {@code test} of the node with this id and the canvas's visible part, in the scene (read on the FX thread). */
    private static boolean inView(FxRobot robot, String id, java.util.function.BiPredicate<Bounds, Bounds> test) {
        boolean[] in = new boolean[1];
        robot.interact(() -> {
            Node n = robot.lookup("#" + id).query();
            in[0] = test.test(n.localToScene(n.getLayoutBounds()), view(robot));
        });
        return in[0];
    }

    private static void scrollCanvas(FxRobot robot, double to) {
        robot.interact(() -> canvas(robot).setVvalue(to));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void nextShowsTheTenantTheStepAsksToDragOntoAt1024x768WithTheBandOpen(FxRobot robot) {
        open(robot, 1024, 768);
        FxTestSupport.beginFromMenu(robot, SHARE);
        assertFalse(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"),
                "the walkthrough opened the band");
        assertFalse(whole(robot, "tenant-header-tenant-b"), "tenant-b starts below the fold at 1024x768");
        robot.clickOn("#walkthrough-next");
        settle(() -> whole(robot, "tenant-header-tenant-b") && whole(robot, "pending-tenant-b"));
        assertEquals("Drag the Article pod onto tenant-b.", SHARE.steps().get(1).action());
        assertTrue(whole(robot, "tenant-header-tenant-b") && whole(robot, "pending-tenant-b"),
                "after Next, tenant-b's header and pending lane are in the canvas's view");
        robot.clickOn("#walkthrough-back");
        settle(() -> topShown(robot, "management"));
        assertTrue(topShown(robot, "management"), "Back to step 1, which reads the band: the band is in view");
    }

    @Test
    void theTraineesOwnActionBringsTheNextStepsTenantIntoView(FxRobot robot) {
        open(robot, 1024, 768);
        FxTestSupport.beginFromMenu(robot, SHARE);
        assertFalse(whole(robot, "tenant-header-tenant-b"), "tenant-b starts below the fold at 1024x768");
        // step 1 by the Faults menu: step 2 ("Drag the Article pod onto tenant-b") begins
        play(robot, 0);
        settle(() -> whole(robot, "tenant-header-tenant-b") && whole(robot, "pending-tenant-b"));
        assertTrue(whole(robot, "tenant-header-tenant-b") && whole(robot, "pending-tenant-b"),
                "step 2 begins with tenant-b's header and pending lane in the canvas's view");
        play(robot, 1);
    }

    @Test
    void stepEightShowsTheBandItSpeaksOfAt1280x720(FxRobot robot) {
        open(robot, 1280, 720);
        FxTestSupport.beginFromMenu(robot, SHARE);
        for (int i = 0; i < 6; i++) {
            play(robot, i);
        }
        // the trainee scrolled down to read the tenants; step 7's own action then begins step 8, which reads the band
        scrollCanvas(robot, 1);
        assertFalse(topShown(robot, "management"), "the band is above the view once the canvas is scrolled down");
        play(robot, 6);
        settle(() -> topShown(robot, "management"));
        assertTrue(topShown(robot, "management"), "step 8 begins with the band it speaks of in view");
        play(robot, 7);
        assertTrue(workbench.walkthroughs().finishedProperty().get());
    }

    /**
     * The step index follows the lab: Play, Next step, a run of the clock and Undo change it too, and they never move
     * the canvas (a27317a scrolled on every step change, and Play with the article walkthrough shown moved the band's
     * toggle out of view).
     */
    @Test
    void playWithTheArticleWalkthroughShownLeavesTheCanvasWhereItIs(FxRobot robot) {
        for (int[] size : new int[][] {{1024, 768}, {1280, 720}}) {
            open(robot, size[0], size[1]);
            assertEquals("article", workbench.walkthroughs().selectedProperty().get().scenario());
            assertTrue(workbench.walkthroughs().onItsLabProperty().get(), "the article walkthrough is shown");
            if (robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed")) {
                robot.clickOn("#management-toggle");
                WaitForAsyncUtils.waitForFxEvents();
            }
            int steps = workbench.viewModel().playback().scenarioStepCount();
            robot.interact(() -> workbench.viewModel().playback().playNextScenarioStep());
            settle(() -> workbench.viewModel().playback().scenarioStepsPlayed() == 1);
            robot.interact(() -> workbench.viewModel().playback().playScenarioSteps());
            settle(() -> workbench.viewModel().playback().scenarioStepsPlayed() == steps);
            assertTrue(player.at() > 0, size[0] + "x" + size[1] + ": Play ticked article steps: " + player.at());
            assertEquals(0, canvas(robot).getVvalue(), 1e-9, size[0] + "x" + size[1] + ": the canvas stayed up");
            assertTrue(whole(robot, "management-toggle"), size[0] + "x" + size[1]
                    + ": the band's toggle is in view after Play");
            int before = player.at();
            robot.interact(() -> workbench.viewModel().history().undo());
            settle(() -> player.at() < before || workbench.viewModel().playback().scenarioStepsPlayed() < steps);
            assertEquals(0, canvas(robot).getVvalue(), 1e-9, size[0] + "x" + size[1] + ": Undo left the canvas");
        }
    }
}
