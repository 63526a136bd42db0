package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.app.gui.Workbench;
import io.gpulab.engine.api.LabEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * No text pushes the workbench past its window. At 1024x768 after Next step the status line ("Step 1 of 5: …: PASS
 * (1 of 8 passed in the run, 7 not run)") made the status bar's minimum wider than the window: the window's content
 * was laid out at that width, and the side panel (its Design tab, the walkthrough's Back / Next) and the toolbar's
 * last actions went past the window's right edge (the real-window test saw it; no headless test looked). Here the
 * same steps, and texts far longer than any the lab writes (a status line, an event, words without a space), at
 * 1024x768 and 1280x720: the content's minimum width stays inside the window, and every part of the window (menu,
 * toolbar, palette, canvas, events drawer, side panel and its tabs, status bar) lies inside it.
 */
@ExtendWith(ApplicationExtension.class)
class LayoutInsideTheWindowTest {

    private static final String LONG_WORD = "x".repeat(40) + "/" + "0123456789abcdef".repeat(12);
    private static final String LONG = ("a status or event line far longer than any window " + LONG_WORD + " ")
            .repeat(12);

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void noTextPushesThePanelsPastTheWindow(FxRobot robot) {
        List<String> outside = new ArrayList<>();
        for (int[] size : new int[][] {{1024, 768}, {1280, 720}}) {
            String where = size[0] + "x" + size[1];
            Workbench wb = FxTestSupport.showAt(robot, stage, "article", size[0], size[1], size[0] == 1280);
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " fresh", outside);
            robot.interact(() -> wb.viewModel().playback().playNextScenarioStep());
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " after Next step", outside);
            robot.interact(() -> wb.viewModel().hint("Status: " + LONG));
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " a long status line", outside);
            robot.interact(() -> {
                var events = wb.viewModel().events();
                events.add(new LabEvent(events.size() + 1000L, Instant.EPOCH, "tenant-a", "Pod/tenant-a/" + LONG_WORD,
                        "Warning", "FilteringFailed" + LONG_WORD, LONG, "hami-scheduler"));
            });
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " a long event", outside);
            robot.interact(() -> wb.viewModel().playback().playScenarioSteps());
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " played", outside);
            robot.clickOn("#events-toggle");
            robot.clickOn("#management-toggle");
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " drawer and band toggled", outside);
            robot.interact(() -> wb.viewModel().close());
        }
        assertEquals(List.of(), outside);
    }

    private void check(FxRobot robot, String where, List<String> outside) {
        robot.interact(() -> {
            Parent root = stage.getScene().getRoot();
            root.applyCss();
            root.layout();
            double w = stage.getScene().getWidth();
            if (root.minWidth(-1) > w + 1) {
                outside.add(where + ": the content's minimum width " + root.minWidth(-1) + " > the window's " + w);
            }
            List<Node> parts = new ArrayList<>(root.getChildrenUnmodifiable());
            for (String q : List.of("#side-tabs", ".tab", ".lab-toolbar", "#status", "#status-counts", "#events-drawer",
                    "#events-latest", "#timeline", "#palette-scroll", ".menu-bar")) {
                parts.addAll(root.lookupAll(q));
            }
            for (Node n : parts) {
                if (!n.isVisible() || n.getScene() == null) {
                    continue;
                }
                Bounds b = n.localToScene(n.getLayoutBounds());
                if (b.getMinX() < -1 || b.getMaxX() > w + 1) {
                    outside.add(where + ": " + n.getClass().getSimpleName() + (n.getId() == null ? n.getStyleClass()
                            : "#" + n.getId()) + " spans x " + Math.round(b.getMinX()) + ".." + Math.round(b.getMaxX())
                            + " in a window " + w + " wide");
                }
            }
        });
    }
}
