package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.Selection;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Presentation mode is read from the back of a room: on a 1024x768 or 1280x720 projector (drawn 1:1) the pods' shares
 * ("20,000 MB · 30 %"), the palette's templates, the pending counts and the inspector's rows stayed at the 10-11 px of
 * the desk (seen in the real window, light and dark; 1920x1080 draws the same layout 1.5 times as large). Every text drawn on the canvas, the palette and the inspector is at least 12 px,
 * (an unhealthy card's line included), but the webhook path's hop names: at 10.5 px its four hops just fit a tenant's panel when two share a 1280 px
 * projector ({@link ProjectorLayoutTest}).
 */
class PresentationTypeFloorTest {

    private static final double FLOOR = 12;

    @Test
    void everyTextOnTheCanvasPaletteAndInspectorIsAtLeast12px() throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        FxRobot robot = new FxRobot();
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1280, 720, false);
        robot.interact(() -> w.viewModel().playback().playScenarioSteps());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            // a card that holds pods and one that holds none, both unhealthy: their lines are statements too
            w.viewModel().faults().setCardHealth("tenant-a", "GPU-0", false);
            w.viewModel().faults().setCardHealth("tenant-b", "GPU-1", false);
            w.view().setPresentation(true);
            w.viewModel().selectionProperty().set(Selection.pod("tenant-a", "default/gpu-pod-4"));
        });
        WaitForAsyncUtils.waitForFxEvents();
        List<String> small = new ArrayList<>();
        int[] seen = new int[1];
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            for (String id : List.of("#canvas", "#palette", "#inspector-sheet")) {
                collect(stage.getScene().lookup(id), small, seen);
            }
        });
        assertTrue(seen[0] > 50, "texts looked at: " + seen[0]);
        assertEquals(new TreeSet<String>(), new TreeSet<>(small), "texts under " + FLOOR + " px in presentation mode");
        robot.interact(() -> w.viewModel().close());
    }

    private static void collect(Node n, List<String> small, int[] seen) {
        if (n == null || !n.isVisible()) {
            return;
        }
        if (n.getStyleClass().contains("hop-name")) {
            return;
        }
        if (n instanceof Text t && !t.getText().isBlank()) {
            seen[0]++;
            if (t.getFont().getSize() < FLOOR - 0.01) {
                Node owner = t.getParent() == null ? t : t.getParent();
                small.add(owner.getStyleClass() + " " + t.getFont().getSize() + " px");
            }
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, small, seen));
        }
    }
}
