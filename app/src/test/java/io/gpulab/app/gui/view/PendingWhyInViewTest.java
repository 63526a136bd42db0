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
 * At 1024x768 a pending pod's "Why it does not run" is in view as soon as the pod is selected: the sentence, its fix
 * and its docs/reasons.md entry lie inside the inspector's visible area (they came after the pod's property rows and
 * HAMi's raw message, below the fold, or wherever the previous selection was scrolled to). The longest sentence the
 * lab writes, a pod waiting for the node lock, is read there too.
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
        List<String> out = new ArrayList<>();
        // HAMi's card reason, and the longest sentence the lab writes: a pod waiting for the node lock
        check(robot, "article", -1, "default/gpu-pod-4", out);
        check(robot, "lock-lifecycle", 4, "default/lock-pod-2", out);
        assertEquals(List.of(), out);
    }

    /** The scenario after {@code steps} of its steps (all: -1), {@code pod} selected. */
    private void check(FxRobot robot, String scenario, int steps, String pod, List<String> out) {
        Workbench wb = FxTestSupport.showAt(robot, stage, scenario, 1024, 768, false);
        if (steps < 0) {
            robot.interact(() -> wb.viewModel().playback().playScenarioSteps());
        }
        // Next step until the pod exists (one press may play a step that only checks)
        for (int i = 0; i < steps && wb.viewModel().snapshot().tenant("tenant-a").flatMap(t -> t.pod(pod)).isEmpty();
             i++) {
            robot.interact(() -> wb.viewModel().playback().playNextScenarioStep());
            WaitForAsyncUtils.waitForFxEvents();
        }
        WaitForAsyncUtils.waitForFxEvents();
        // a running pod first, its sheet scrolled to the bottom, as a user reading its annotations leaves it
        String running = scenario.equals("article") ? "default/gpu-pod-1" : "default/lock-pod-1";
        robot.interact(() -> wb.viewModel().selectionProperty().set(Selection.pod("tenant-a", running)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> scroll().setVvalue(scroll().getVmax()));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> wb.viewModel().selectionProperty().set(Selection.pod("tenant-a", pod)));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            assertTrue(stage.getScene().getWidth() <= 1024 && stage.getScene().getHeight() <= 768, "a 1024x768 window");
            ScrollPane scroll = scroll();
            Node viewport = scroll.lookup(".viewport");
            assertNotNull(viewport);
            Bounds view = viewport.localToScene(viewport.getLayoutBounds());
            var words = wb.viewModel().pods().plainReason("tenant-a", pod).orElseThrow(() -> new AssertionError(
                    pod + " gives no reason in words; the lab's pods: " + wb.viewModel().snapshot().tenants().stream()
                    .flatMap(t -> t.pods().stream()).map(p -> p.key() + " " + p.phase()).toList()));
            for (String text : List.of(words.text(), "fix: " + words.fix(), "reference: " + words.doc())) {
                Label l = scroll.lookupAll(".inspector-value").stream().filter(n -> n instanceof Label x
                        && text.equals(x.getText())).map(Label.class::cast).findFirst().orElse(null);
                assertNotNull(l, "no value reads: " + text);
                Bounds b = l.localToScene(l.getLayoutBounds());
                if (b.getMinY() < view.getMinY() - 1 || b.getMaxY() > view.getMaxY() + 1) {
                    out.add(pod + ": '" + text.substring(0, Math.min(30, text.length())) + "…' at y "
                            + Math.round(b.getMinY()) + ".." + Math.round(b.getMaxY()) + ", the inspector shows y "
                            + Math.round(view.getMinY()) + ".." + Math.round(view.getMaxY()));
                }
            }
        });
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
