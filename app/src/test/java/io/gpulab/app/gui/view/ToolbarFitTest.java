package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.ToolBar;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The toolbar at every window width from 1600 px down to 1000 px, on an edited lab before and after Play: what stays
 * on the bar reads whole (at 1024 px the edited lab's name read "…" beside its badge, where one more action could go
 * to the overflow menu), and a caption stays with its control (the "Device plugin" caption stayed on the bar alone).
 */
@ExtendWith(ApplicationExtension.class)
class ToolbarFitTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void whatStaysOnTheBarReadsWholeAndCaptionsStayWithTheirControls() {
        FxRobot robot = new FxRobot();
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1600, 768, false);
        robot.interact(() -> w.viewModel().editor().edit("add tenant tenant-c", d -> d.addTenant("tenant-c")));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> wrong = new ArrayList<>();
        sweep(robot, w, "edited", wrong);
        robot.interact(() -> w.viewModel().playback().playScenarioSteps());
        sweep(robot, w, "edited and played", wrong);
        assertEquals(List.of(), wrong);
    }

    /**
     * At each width, the last action undone, the window set to the width, the action done again: the texts change
     * while the window keeps its width (a width change alone makes JavaFX's ToolBar sort its items again).
     */
    private void sweep(FxRobot robot, Workbench w, String lab, List<String> wrong) {
        ToolBar bar = robot.lookup(".lab-toolbar").queryAs(ToolBar.class);
        for (int width = 1600; width >= 1000; width -= 24) {
            int wide = width;
            robot.interact(() -> w.viewModel().history().undo());
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> stage.setWidth(wide));
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, bar, lab + " then undone, " + wide + " px: ", wrong);
            robot.interact(() -> w.viewModel().history().redo());
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, bar, lab + ", " + wide + " px: ", wrong);
        }
        assertTrue(bar.lookup(".tool-bar-overflow-button").isVisible(),
                "at 1000 px the toolbar overflows: the sweep went narrow enough");
    }

    private void check(FxRobot robot, ToolBar bar, String where, List<String> wrong) {
        robot.interact(() -> {
            Labeled name = (Labeled) bar.lookup(".scenario-name");
            if (!onBar(name)) {
                wrong.add(where + "the scenario's name left the bar");
            } else if (!FxTestSupport.drawn(name).equals(name.getText())) {
                wrong.add(where + "the name '" + name.getText() + "' drawn as '" + FxTestSupport.drawn(name) + "'");
            }
            List<Labeled> cut = new ArrayList<>();
            collectCut(bar, cut);
            cut.forEach(l -> wrong.add(where + "'" + l.getText() + "' drawn as '" + FxTestSupport.drawn(l) + "'"));
            for (Node item : bar.getItems()) {
                if (onBar(item) && item.localToScene(item.getLayoutBounds()).getMaxX() > bar.getWidth() + 1) {
                    wrong.add(where + item + " runs past the bar's edge");
                }
            }
            for (String[] pair : List.of(new String[] {"Device plugin", "#lifecycle-complete"},
                    new String[] {"Clock", "#clock-run"})) {
                Node caption = find(bar, pair[0]);
                Node control = find(bar, pair[1]);
                if (onBar(caption) != onBar(control)) {
                    wrong.add(where + "the caption '" + pair[0] + "' is " + (onBar(caption) ? "" : "not ")
                            + "on the bar, its control " + pair[1] + " is " + (onBar(control) ? "" : "not"));
                }
            }
        });
    }

    /** Drawn in the window (an item in the overflow menu has no scene while the menu is closed). */
    private boolean onBar(Node n) {
        if (n.getScene() != stage.getScene()) {
            return false;
        }
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** The item, or the node inside an item, with this id ("#...") or this text. */
    private static Node find(ToolBar bar, String idOrText) {
        for (Node item : bar.getItems()) {
            Node n = find(item, idOrText);
            if (n != null) {
                return n;
            }
        }
        throw new AssertionError(idOrText + " is not on the toolbar");
    }

    private static Node find(Node n, String idOrText) {
        if (idOrText.equals("#" + n.getId()) || n instanceof Labeled l && idOrText.equals(l.getText())) {
            return n;
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                Node f = find(c, idOrText);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    private void collectCut(Parent p, List<Labeled> out) {
        for (Node c : p.getChildrenUnmodifiable()) {
            if (!c.isVisible()) {
                continue;
            }
            if (c instanceof Labeled l && l.getText() != null && !l.getText().isBlank()
                    && !l.getStyleClass().contains("scenario-name")
                    && !FxTestSupport.drawn(l).equals(l.getText())) {
                out.add(l);
            }
            if (c instanceof Parent q) {
                collectCut(q, out);
            }
        }
    }
}
