package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A walkthrough step's target stays in the canvas's view while the canvas's heights change after the step began
 * (docs/workbench.md, "Walkthroughs"): the canvas's scroll is a fraction of (content height - view height), so a
 * panel redrawn taller or shorter above the target, once it had been brought into view, moved it out of view by a
 * few pixels (2-6 px of a box's top above the view in PresentationTourTest on a loaded machine). And the hold ends
 * with the user's own scroll or press on the canvas: the canvas then never moves by itself.
 */
@ExtendWith(ApplicationExtension.class)
class TargetHeldInViewTest {

    private static final String TARGET = "tenant-header-tenant-a";
    private TopologyView topology;

    @Start
    void start(Stage stage) {
        // a short window: the band's height is a large part of the canvas
        FxTestSupport.showAt(new FxRobot(), stage, "article", 1024, 620, false);
    }

    private static void settle(BooleanSupplier done) {
        try {
            WaitForAsyncUtils.waitFor(io.gpulab.engine.cluster.Await.BOUND.toSeconds(), TimeUnit.SECONDS,
                    done::getAsBoolean);
        } catch (TimeoutException e) {
            // the assertion that follows says what is missing
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Where the target is drawn, top and bottom, in pixels below the top of the canvas's view, and the view's height. */
    private double[] drawn(FxRobot robot) {
        double[] y = new double[3];
        robot.interact(() -> {
            Node n = topology.lookup("#" + TARGET);
            Node viewport = topology.lookup(".viewport");
            Bounds v = viewport.localToScene(viewport.getLayoutBounds());
            Bounds b = n.localToScene(n.getLayoutBounds());
            y[0] = b.getMinY() - v.getMinY();
            y[1] = b.getMaxY() - v.getMinY();
            y[2] = v.getHeight();
        });
        return y;
    }

    /** The target drawn whole inside the canvas's view (half a pixel of rounding either side). */
    private boolean whole(FxRobot robot) {
        double[] y = drawn(robot);
        return y[0] >= -0.5 && y[1] <= y[2] + 0.5;
    }

    private String where(FxRobot robot) {
        double[] y = drawn(robot);
        return (int) y[0] + ".." + (int) y[1] + " in 0.." + (int) y[2];
    }

    /** The band folded or opened, as a step's own change (not a scroll) redraws the content above the target. */
    private void band(FxRobot robot, boolean open) {
        robot.interact(() -> topology.managementOpenProperty().set(open));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theTargetStaysInViewWhenTheHeightsChangeUntilTheUserScrollsOrPressesOnTheCanvas(FxRobot robot) {
        topology = robot.lookup("#topology").queryAs(TopologyView.class);
        band(robot, true);
        robot.interact(() -> topology.setVvalue(1));
        WaitForAsyncUtils.waitForFxEvents();
        // scrolled to the bottom, tenant-a's header is above the view: held from mid-canvas
        robot.interact(() -> topology.holdInView(TARGET, TARGET));
        WaitForAsyncUtils.waitForFxEvents();
        double v = topology.getVvalue();
        assertTrue(v > 0.05 && v < 0.95, "the header is brought in mid-canvas: " + v);
        assertEquals(0, drawn(robot)[0], 0.5, "tenant-a's header at the view's top");
        // the view loses 40 px (as to the pending bar above it or the timeline below it): the same fraction of a
        // longer scroll range put the header's top a fraction of 40 px above the view
        Stage stage = (Stage) topology.getScene().getWindow();
        robot.interact(() -> stage.setHeight(stage.getHeight() - 40));
        WaitForAsyncUtils.waitForFxEvents();
        settle(() -> whole(robot));
        assertTrue(whole(robot), "the view 40 px shorter: tenant-a's header is still in view: " + where(robot));
        band(robot, false);
        settle(() -> whole(robot));
        assertTrue(whole(robot), "the band folded above it: tenant-a's header is still in view (the skin keeps the "
                + "scroll's pixels, and the header moved up by the band's height): " + where(robot));
        band(robot, true);
        settle(() -> whole(robot));
        assertTrue(whole(robot), "the band opened again above it: still in view: " + where(robot));

        // the user scrolls to the bottom, the header above the view: from then on nothing brings it back
        robot.interact(() -> topology.setVvalue(1));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(topology.holding(), "the user's scroll ended the hold");
        assertFalse(whole(robot), "scrolled to the bottom, tenant-a's header is above the view: " + where(robot));
        band(robot, false);
        WaitForAsyncUtils.sleep(100, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, topology.getVvalue(), 1e-9, "the canvas stays at the bottom where the user scrolled it");
        assertFalse(whole(robot), "the band folded: the header is not brought back against the user's scroll: "
                + where(robot));

        // held again, then the user's hand on the canvas (a click on the header) ends the hold too
        robot.interact(() -> topology.holdInView(TARGET, TARGET));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(topology.holding() && whole(robot), "held in view again: " + where(robot));
        robot.clickOn("#" + TARGET);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(topology.holding(), "a press on the canvas ended the hold");
    }
}
