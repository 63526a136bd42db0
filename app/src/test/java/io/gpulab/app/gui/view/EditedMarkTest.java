package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An edited lab is marked so on the toolbar at every size: at 1024x768 its name read "article (…", the "(edited)" a
 * hover away. The mark is a badge of its own, drawn whole inside the window; the name gives way instead.
 */
@ExtendWith(ApplicationExtension.class)
class EditedMarkTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    /** The text a label draws (after any ellipsis). */
    private static String drawn(Label l) {
        StringBuilder s = new StringBuilder();
        for (Node c : l.getChildrenUnmodifiable()) {
            if (c instanceof Text t && c.getStyleClass().contains("text")) {
                s.append(t.getText());
            }
        }
        return s.length() == 0 ? l.getText() : s.toString();
    }

    private void check(FxRobot robot, double width, double height) {
        Workbench w = FxTestSupport.showAt(robot, stage, "article", width, height, false);
        WaitForAsyncUtils.waitForFxEvents();
        Label badge = robot.lookup("#scenario-edited").queryAs(Label.class);
        assertFalse(badge.isVisible(), "the scenario as opened is not marked");
        robot.interact(() -> w.viewModel().editor().edit("add tenant tenant-c", d -> d.addTenant("tenant-c")));
        WaitForAsyncUtils.waitForFxEvents();
        // Play makes the status and the play buttons' texts longer: the toolbar has less room still
        robot.interact(() -> w.viewModel().playback().playScenarioSteps());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("article (edited)", w.viewModel().snapshot().scenario());
        String where = width + "x" + height + ": ";
        assertTrue(badge.isVisible(), where + "the edited lab is marked");
        robot.interact(() -> {
            assertEquals("edited", drawn(badge), where + "the mark is never cut");
            Bounds b = badge.localToScene(badge.getLayoutBounds());
            assertTrue(b.getMinX() >= 0 && b.getMaxX() <= badge.getScene().getWidth(), where + "inside the window: " + b);
            Label name = (Label) badge.getParent().getChildrenUnmodifiable().get(0);
            assertEquals("Scenario: article (edited)", name.getTooltip().getText(), where + "the whole name on hover");
        });
    }

    @Test
    void anEditedLabIsMarkedWholeAt1024x768() {
        check(new FxRobot(), 1024, 768);
    }

    @Test
    void anEditedLabIsMarkedWholeAt1280x720() {
        check(new FxRobot(), 1280, 720);
    }
}
