package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import javafx.scene.control.ComboBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Design tab: a tenant, a worker size and cards added through the form show on the canvas; Undo. */
@ExtendWith(ApplicationExtension.class)
class LabEditorTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage);
    }

    private static void click(FxRobot robot, String id) {
        robot.clickOn("#" + id);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void addATenantWithCardsThroughTheFormAndUndoIt(FxRobot robot) {
        robot.clickOn("Design");
        robot.clickOn("#design-tenant-name").write("tenant-c");
        click(robot, "design-add-tenant");
        assertTrue(robot.lookup("#tenant-tenant-c").tryQuery().isPresent(), "the new tenant is drawn");

        robot.interact(() -> robot.lookup("#design-worker").queryAs(ComboBox.class).setValue("tenant-c/tenant-c-worker"));
        robot.doubleClickOn("#design-cpu").write("16");
        click(robot, "design-apply-worker");
        click(robot, "design-add-cards");
        assertEquals(16, workbench.viewModel().snapshot().tenant("tenant-c").orElseThrow().nodes().get(0).cpu());
        assertEquals(1, workbench.viewModel().snapshot().tenant("tenant-c").orElseThrow().nodes().get(0).cards().size());
        assertEquals(3, workbench.viewModel().timeline().size(), "three edits, three engine commands");

        click(robot, "undo");
        assertEquals(0, workbench.viewModel().snapshot().tenant("tenant-c").orElseThrow().nodes().get(0).cards().size());
        click(robot, "undo");
        click(robot, "undo");
        assertTrue(robot.lookup("#tenant-tenant-c").tryQuery().isEmpty());
    }
}
