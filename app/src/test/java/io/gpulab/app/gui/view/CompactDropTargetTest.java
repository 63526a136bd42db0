package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * In the compact view of a large tenant a palette pod dragged over a worker frames that one worker (the
 * normal view frames the card under the pointer), redrawing only the glyphs that gain or lose the frame,
 * and the drop lands the pod on that worker.
 */
@ExtendWith(ApplicationExtension.class)
class CompactDropTargetTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "synthetic:40x2", 1600, 1000, false);
    }

    private static boolean accent(Color c) {
        return c.getBlue() > 0.6 && c.getRed() < 0.35;
    }

    /** The pixel on the frame's left edge, halfway down worker {@code i}'s cell, as drawn now. */
    private static Color frameEdge(FxRobot robot, CompactWorkers compact, List<Canvas> bands, int i) {
        int row = i / compact.columns();
        Canvas band = bands.get(row / CompactWorkers.ROWS_PER_BAND);
        int x = (i % compact.columns()) * CompactWorkers.CELL_W + 1;
        int y = (row % CompactWorkers.ROWS_PER_BAND) * CompactWorkers.CELL_H + CompactWorkers.CELL_H / 2;
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = band.snapshot(null, null));
        return img[0].getPixelReader().getColor(x, y);
    }

    private static Point2D centre(CompactWorkers compact, List<Canvas> bands, int i) {
        int row = i / compact.columns();
        Canvas band = bands.get(row / CompactWorkers.ROWS_PER_BAND);
        return band.localToScreen((i % compact.columns() + 0.5) * CompactWorkers.CELL_W,
                (row % CompactWorkers.ROWS_PER_BAND + 0.5) * CompactWorkers.CELL_H);
    }

    @Test
    void aPodDraggedOverAWorkerFramesThatWorkerAndLandsOnIt(FxRobot robot) {
        CompactWorkers compact = robot.lookup("#compact-fleet").queryAs(CompactWorkers.class);
        List<Canvas> bands = robot.lookup("#compact-fleet .compact-band").queryAllAs(Canvas.class).stream().toList();
        int target = compact.columns() + 1; // second row, second column
        int other = 0;
        assertTrue(!accent(frameEdge(robot, compact, bands, target)), "no frame before the drag");
        WaitForAsyncUtils.waitForFxEvents();
        // the fleet sits under tenant-a: scroll it into view, as a user would before dragging onto it
        robot.interact(() -> robot.lookup("#topology").queryAs(javafx.scene.control.ScrollPane.class).setVvalue(1));
        WaitForAsyncUtils.waitForFxEvents();
        robot.drag("#palette-article").moveTo(centre(compact, bands, target));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(accent(frameEdge(robot, compact, bands, target)), "the worker under the pointer is framed");
        assertTrue(!accent(frameEdge(robot, compact, bands, other)), "only that worker");
        // on to the next worker: the frame moves, two glyphs are redrawn and nothing else
        int drawnBefore = compact.glyphsDrawn;
        robot.moveTo(centre(compact, bands, target + 1));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, compact.glyphsDrawn - drawnBefore, "the glyphs that lose and gain the frame, not the bands");
        assertTrue(!accent(frameEdge(robot, compact, bands, target)), "the frame left the worker behind");
        target = target + 1;
        assertTrue(accent(frameEdge(robot, compact, bands, target)), "and moved to the worker under the pointer");
        robot.drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!accent(frameEdge(robot, compact, bands, target)), "the frame goes with the drop");
        TenantView fleet = workbench.viewModel().snapshot().tenant("fleet").orElseThrow();
        String worker = fleet.nodes().get(target).name();
        List<PodView> landed = fleet.pods().stream().filter(p -> worker.equals(p.node())).toList();
        assertEquals(1, landed.size(), "the pod runs on the worker it was dropped on");
    }
}
