package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
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

    @Test
    void addATenantWithCardsThroughTheFormAndUndoIt(FxRobot robot) {
        robot.clickOn("Design");
        robot.clickOn("#design-tenant-name").write("tenant-c");
        FxTestSupport.click(robot, "design-add-tenant");
        assertTrue(robot.lookup("#tenant-tenant-c").tryQuery().isPresent(), "the new tenant is drawn");

        robot.interact(() -> robot.lookup("#design-worker").queryAs(ComboBox.class).setValue("tenant-c/tenant-c-worker"));
        robot.doubleClickOn("#design-cpu").write("16");
        FxTestSupport.click(robot, "design-apply-worker");
        FxTestSupport.click(robot, "design-add-cards");
        assertEquals(16, workbench.viewModel().snapshot().tenant("tenant-c").orElseThrow().nodes().get(0).cpu());
        assertEquals(1, workbench.viewModel().snapshot().tenant("tenant-c").orElseThrow().nodes().get(0).cards().size());
        assertEquals(3, workbench.viewModel().history().timeline().size(), "three edits, three engine commands");

        FxTestSupport.click(robot, "undo");
        assertEquals(0, workbench.viewModel().snapshot().tenant("tenant-c").orElseThrow().nodes().get(0).cards().size());
        FxTestSupport.click(robot, "undo");
        FxTestSupport.click(robot, "undo");
        assertTrue(robot.lookup("#tenant-tenant-c").tryQuery().isEmpty());
    }

    private static String field(FxRobot robot, String id) {
        return robot.lookup("#" + id).queryAs(javafx.scene.control.TextField.class).getText();
    }

    @Test
    void theFormAlwaysShowsTheLabsValuesAndARefusalNextToItsField(FxRobot robot) {
        robot.clickOn("Design");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("4", field(robot, "design-cpu"));
        robot.doubleClickOn("#design-cpu").write("0");
        FxTestSupport.click(robot, "design-apply-worker");
        assertEquals("4", field(robot, "design-cpu"), "a refused value is not shown as the lab's");
        var refusal = robot.lookup("#design-worker-error").queryAs(javafx.scene.control.Label.class);
        assertTrue(refusal.isVisible() && refusal.getText().startsWith("Refused: "), refusal.getText());
        assertEquals(0, workbench.viewModel().history().timeline().size());

        robot.doubleClickOn("#design-split").write("4");
        FxTestSupport.click(robot, "design-apply-hami");
        assertEquals("4", field(robot, "design-split"), "the applied value, without switching tabs");
        assertTrue(!refusal.isVisible(), "the refusal went with the next change");
        assertEquals("article (edited)", workbench.viewModel().snapshot().scenario());
        // only the setting changed is named: the policies left as they were read as two more edits
        String description = assertDoesNotThrow(() -> new io.gpulab.engine.scenario.ScenarioReader().read("saved.yaml",
                new java.io.StringReader(workbench.viewModel().recording().text()), false)).lab().description();
        assertTrue(description.startsWith("Edited in the workbench from the scenario article: HAMi deviceSplitCount 4. "),
                description);

        robot.interact(() -> workbench.viewModel().past().showVersion(0));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("10", field(robot, "design-split"), "a past version's design while it is shown");
        assertTrue(robot.lookup("#design-apply-hami").queryAs(javafx.scene.control.Button.class).isDisabled());
        assertTrue(robot.lookup("#design-past").queryAs(javafx.scene.control.Label.class).isVisible());
        robot.interact(() -> workbench.viewModel().past().returnToNow());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("4", field(robot, "design-split"));
        assertTrue(!robot.lookup("#design-apply-hami").queryAs(javafx.scene.control.Button.class).isDisabled());
    }

    @Test
    void anAddedNameIsClearedARefusedOneStaysAndTheRefusalNamesTheField(FxRobot robot) {
        robot.clickOn("Design");
        robot.clickOn("#design-tenant-name").write("Tenant C");
        FxTestSupport.click(robot, "design-add-tenant");
        assertEquals("Tenant C", field(robot, "design-tenant-name"), "a refused name stays to be corrected");
        var refusal = robot.lookup("#design-tenant-error").queryAs(javafx.scene.control.Label.class);
        // said as the field the user typed in, not as a line of the generated design ("lab design:14: ...")
        assertTrue(refusal.isVisible() && refusal.getText().startsWith("Refused: tenant name 'Tenant C' is not a valid "
                + "Kubernetes name"), refusal.getText());
        assertEquals(0, workbench.viewModel().history().timeline().size());

        robot.doubleClickOn("#design-tenant-name").eraseText(8).write("tenant-c");
        FxTestSupport.click(robot, "design-add-tenant");
        assertTrue(robot.lookup("#tenant-tenant-c").tryQuery().isPresent(), "the new tenant is drawn");
        assertEquals("", field(robot, "design-tenant-name"), "the added name is cleared");
        // said once: it read "Lab design: add tenant tenant-c — add tenant tenant-c"
        assertEquals("Lab design: add tenant tenant-c", workbench.viewModel().statusProperty().get());
    }
}
