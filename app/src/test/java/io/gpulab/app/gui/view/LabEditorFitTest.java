package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
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
 * The Design tab driven on a 1024x768 screen, as a trainer did it in the real window: add a tenant, set the split
 * count, have a value refused. Seen there: after "Apply HAMi settings" the side panel ran past the screen's right edge
 * (the Design tab read "Desig", the Remove buttons were cut), and a refusal was written below the fold.
 */
@ExtendWith(ApplicationExtension.class)
class LabEditorFitTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "article", 1024, 768, false);
    }

    @Test
    void theWindowKeepsItsWidthThroughEditsAndARefusalIsInView(FxRobot robot) {
        robot.clickOn("Design");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#design-tenant-name").write("tenant-c");
        FxTestSupport.click(robot, "design-add-tenant");
        assertInside(robot, "after adding tenant-c");
        robot.doubleClickOn("#design-split").write("4");
        FxTestSupport.click(robot, "design-apply-hami");
        assertEquals(3, workbench.viewModel().snapshot().tenants().size());
        assertInside(robot, "after applying deviceSplitCount 4");

        robot.doubleClickOn("#design-split").write("0");
        FxTestSupport.click(robot, "design-apply-hami");
        assertInside(robot, "after a refused deviceSplitCount 0");
        Label refusal = robot.lookup("#design-hami-error").queryAs(Label.class);
        assertTrue(refusal.isVisible() && refusal.getText().startsWith("Refused: "), refusal.getText());
        robot.interact(() -> {
            Node up = refusal;
            while (!(up instanceof ScrollPane)) {
                up = up.getParent();
            }
            ScrollPane pane = (ScrollPane) up;
            Bounds view = pane.localToScene(pane.getLayoutBounds());
            Bounds b = refusal.localToScene(refusal.getLayoutBounds());
            assertTrue(b.getMinY() >= view.getMinY() - 0.5 && b.getMaxY() <= view.getMaxY() + 0.5,
                    "the refusal is in view: " + b + " in " + view);
            Node field = robot.lookup("#design-split").query();
            Bounds f = field.localToScene(field.getLayoutBounds());
            assertTrue(f.getMinY() >= view.getMinY() - 0.5 && f.getMaxY() <= view.getMaxY() + 0.5,
                    "its field is in view with it: " + f + " in " + view);
        });
    }

    /** The tab headers, the editor's buttons and the status bar all end inside the window. */
    private static void assertInside(FxRobot robot, String when) {
        WaitForAsyncUtils.waitForFxEvents();
        List<String> out = new ArrayList<>();
        robot.interact(() -> {
            double w = robot.lookup("#status").query().getScene().getWidth();
            for (String q : List.of("#status", "#status-counts", "#lab-editor", "#design-add-tenant",
                    "#design-apply-hami")) {
                Node n = robot.lookup(q).query();
                Bounds b = n.localToScene(n.getLayoutBounds());
                if (b.getMaxX() > w + 0.5) {
                    out.add(q + " ends at " + Math.round(b.getMaxX()) + " of " + Math.round(w));
                }
            }
            for (Node tab : robot.lookup(".tab-header-area .tab").queryAll()) {
                Bounds b = tab.localToScene(tab.getLayoutBounds());
                if (b.getMaxX() > w + 0.5) {
                    out.add("a tab ends at " + Math.round(b.getMaxX()) + " of " + Math.round(w));
                }
            }
        });
        assertEquals(List.of(), out, when);
    }
}
