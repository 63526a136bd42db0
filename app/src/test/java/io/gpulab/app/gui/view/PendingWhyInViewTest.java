package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.Selection;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * At 1024x768 a pending pod's "Why it does not run" is in view as soon as the pod is selected: the sentence and its
 * fix lie inside the inspector's visible area, scrolled to the top (they came after the pod's nine property rows and
 * HAMi's raw message, below the fold). The same with a selected pod after one lower down was scrolled.
 */
@ExtendWith(ApplicationExtension.class)
class PendingWhyInViewTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void aPendingPodsReasonInWordsIsReadWithoutScrollingAt1024x768(FxRobot robot) {
        Workbench wb = FxTestSupport.showAt(robot, stage, "article", 1024, 768, false);
        robot.interact(() -> wb.viewModel().playback().playScenarioSteps());
        WaitForAsyncUtils.waitForFxEvents();
        // a running pod first, its sheet scrolled to the bottom, as a user reading its annotations leaves it
        robot.interact(() -> wb.viewModel().selectionProperty().set(Selection.pod("tenant-a", "default/gpu-pod-1")));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> scroll().setVvalue(scroll().getVmax()));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> wb.viewModel().selectionProperty().set(Selection.pod("tenant-a", "default/gpu-pod-4")));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> out = new ArrayList<>();
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            ScrollPane scroll = scroll();
            Node viewport = scroll.lookup(".viewport");
            assertNotNull(viewport);
            Bounds view = viewport.localToScene(viewport.getLayoutBounds());
            String words = wb.viewModel().pods().plainReason("tenant-a", "default/gpu-pod-4").orElseThrow().text();
            String fix = wb.viewModel().pods().plainReason("tenant-a", "default/gpu-pod-4").orElseThrow().fix();
            for (String text : List.of(words, fix)) {
                Label l = scroll.lookupAll(".inspector-value").stream().filter(n -> n instanceof Label x
                        && text.equals(x.getText())).map(Label.class::cast).findFirst().orElse(null);
                assertNotNull(l, "no value reads: " + text);
                Bounds b = l.localToScene(l.getLayoutBounds());
                if (b.getMinY() < view.getMinY() - 1 || b.getMaxY() > view.getMaxY() + 1) {
                    out.add("'" + text.substring(0, 30) + "…' at y " + Math.round(b.getMinY()) + ".."
                            + Math.round(b.getMaxY()) + ", the inspector shows y " + Math.round(view.getMinY()) + ".."
                            + Math.round(view.getMaxY()));
                }
            }
        });
        assertEquals(List.of(), out);
        assertTrue(stage.getScene().getWidth() <= 1024, "a 1024 px window");
        robot.interact(() -> wb.viewModel().close());
    }

    private ScrollPane scroll() {
        Node sheet = stage.getScene().getRoot().lookup("#inspector-sheet");
        Node n = sheet;
        while (n != null && !(n instanceof ScrollPane)) {
            n = n.getParent();
        }
        assertNotNull(n, "the inspector's scroll pane");
        return (ScrollPane) n;
    }
}
