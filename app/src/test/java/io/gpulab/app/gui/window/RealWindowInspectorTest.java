package io.gpulab.app.gui.window;

import static io.gpulab.app.gui.RealDisplay.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.gpulab.app.gui.RealDisplay;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.Selection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A pod waiting for the node lock, clicked with the real mouse in the real window ({@code .ci/run} runs it on
 * 1024 x 768, 1280 x 720 and 1920 x 1080): the inspector's "Why it does not run" (the longest sentence the lab writes,
 * its fix and its docs/reasons.md entry) is read whole without scrolling. The headless window's inspector is taller
 * than the real one's (no window decorations, other font metrics): there the reference line fitted while in the real
 * window at 1024 x 768 it lay a line below the fold.
 */
@Tag("real-window")
class RealWindowInspectorTest {

    private static final FxRobot ROBOT = new FxRobot();
    private static final String POD = "default/lock-pod-2";
    private static RealDisplay display;
    private static Stage stage;
    private static Workbench workbench;

    @BeforeAll
    static void openTheLockLab() throws Exception {
        display = RealDisplay.open("lock-lifecycle", false);
        stage = display.stage();
        workbench = display.workbench();
    }

    @AfterAll
    static void close() throws Exception {
        if (display != null) {
            display.close();
        }
    }

    @Test
    void aPodWaitingForTheNodeLockSaysWhyItDoesNotRunWithoutScrolling() {
        // Next step, by mouse, until the second pod waits for the lock the first one left on the node
        for (int i = 0; i < 6 && !waiting(); i++) {
            int played = workbench.viewModel().playback().scenarioStepsPlayed();
            ROBOT.clickOn("#next-step");
            waitFor("step " + (played + 1) + " played", () -> workbench.viewModel().playback().scenarioStepsPlayed()
                    > played);
        }
        waitFor(POD + " waits for the node lock", RealWindowInspectorTest::waiting);
        // a running pod first, its sheet scrolled to the bottom as a user reading its annotations leaves it
        ROBOT.clickOn("#pod-lock-pod-1");
        waitFor("lock-pod-1 inspected", () -> Selection.pod("tenant-a", "default/lock-pod-1").equals(
                workbench.viewModel().selectionProperty().get()));
        ROBOT.interact(() -> scroll().setVvalue(scroll().getVmax()));
        WaitForAsyncUtils.waitForFxEvents();
        ROBOT.clickOn(chip());
        waitFor(POD + " inspected", () -> Selection.pod("tenant-a", POD).equals(
                workbench.viewModel().selectionProperty().get()));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> out = new ArrayList<>();
        ROBOT.interact(() -> {
            ScrollPane scroll = scroll();
            Node viewport = scroll.lookup(".viewport");
            assertNotNull(viewport);
            Bounds view = viewport.localToScreen(viewport.getLayoutBounds());
            var words = workbench.viewModel().pods().plainReason("tenant-a", POD).orElseThrow();
            assertFalse(words.text().isBlank(), "a sentence");
            for (String text : List.of(words.text(), "fix: " + words.fix(), "reference: " + words.doc())) {
                Label l = scroll.lookupAll(".inspector-value").stream().filter(n -> n instanceof Label x
                        && text.equals(x.getText())).map(Label.class::cast).findFirst().orElse(null);
                if (l == null) {
                    out.add("no row reads: " + text);
                    continue;
                }
                Bounds b = l.localToScreen(l.getLayoutBounds());
                if (b.getMinY() < view.getMinY() - 1 || b.getMaxY() > view.getMaxY() + 1) {
                    out.add("'" + text.substring(0, Math.min(30, text.length())) + "…' at y " + Math.round(b.getMinY())
                            + ".." + Math.round(b.getMaxY()) + " on the screen, the inspector shows y "
                            + Math.round(view.getMinY()) + ".." + Math.round(view.getMaxY()));
                }
            }
        });
        assertEquals(List.of(), out, "the reason, its fix and its reference in view on " + stage.getWidth() + "x"
                + stage.getHeight());
    }

    private static boolean waiting() {
        return workbench.viewModel().snapshot().tenant("tenant-a").flatMap(t -> t.pod(POD))
                .filter(p -> !"Running".equals(p.phase())).isPresent();
    }

    /** The waiting pod's chip as drawn: in the pending lane, or on the card it keeps reserved. */
    private static Node chip() {
        AtomicReference<Node> found = new AtomicReference<>();
        ROBOT.interact(() -> ROBOT.lookup("#pod-lock-pod-2").queryAll().stream().filter(n -> n.isVisible()
                && n.getScene() != null && n.localToScreen(n.getLayoutBounds()) != null).findFirst()
                .ifPresent(found::set));
        assertNotNull(found.get(), "lock-pod-2's chip on the canvas");
        return found.get();
    }

    private static ScrollPane scroll() {
        Node n = stage.getScene().getRoot().lookup("#inspector-sheet");
        while (n != null && !(n instanceof ScrollPane)) {
            n = n.getParent();
        }
        assertNotNull(n, "the inspector's scroll pane");
        return (ScrollPane) n;
    }
}
