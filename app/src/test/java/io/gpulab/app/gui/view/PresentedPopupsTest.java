package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.app.gui.Workbench;
import javafx.scene.Node;
import javafx.scene.control.Alert;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Menus, tooltips and dialogs opened in presentation mode read at the window's type as drawn (they are windows of
 * their own, which the window's larger type did not reach: a projector showed them at 12 px): 15 px at 1280x720,
 * 22.5 px at 1920x1080 where the window is drawn 1.5 times as large; their usual 12 px again once it ends.
 */
class PresentedPopupsTest {

    /** The type a label of {@code popup}'s window is drawn at, once shown over the workbench. */
    private static double typeOf(FxRobot robot, javafx.stage.Window popup) {
        WaitForAsyncUtils.waitForFxEvents();
        double[] size = new double[1];
        robot.interact(() -> {
            popup.getScene().getRoot().applyCss();
            popup.getScene().getRoot().layout();
            size[0] = popup.getScene().getRoot().lookupAll(".text").stream()
                    .filter(t -> t instanceof javafx.scene.text.Text x && !x.getText().isBlank())
                    .mapToDouble(t -> ((javafx.scene.text.Text) t).getFont().getSize()).findFirst().orElse(-1);
        });
        return size[0];
    }

    private static void typesAt(double width, double height, double expected) throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        FxRobot robot = new FxRobot();
        Workbench w = FxTestSupport.showAt(robot, stage, "article", width, height, false);
        Node canvas = robot.lookup(n -> n instanceof TopologyView).query();
        ContextMenu menu = new ContextMenu(new MenuItem("Mark card unhealthy"));
        Tooltip tip = new Tooltip("Advance the virtual clock by 30 seconds (F6)");
        Alert[] alert = new Alert[1];
        robot.interact(() -> {
            w.view().setPresentation(true);
            alert[0] = new Alert(Alert.AlertType.CONFIRMATION, "This throws away 1 step.");
            alert[0].setHeaderText("Open article?");
            alert[0].initOwner(stage);
        });
        robot.interact(() -> menu.show(canvas, 300, 300));
        assertEquals(expected, typeOf(robot, menu), 0.01, "a context menu in presentation mode");
        robot.interact(() -> {
            menu.hide();
            tip.show(stage, 300, 300);
        });
        assertEquals(expected, typeOf(robot, tip), 0.01, "a tooltip in presentation mode");
        robot.interact(() -> {
            tip.hide();
            alert[0].show();
        });
        double[] dialog = new double[1];
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> dialog[0] = ((Label) alert[0].getDialogPane().lookup(".content.label")).getFont()
                .getSize());
        assertEquals(expected, dialog[0], 0.01, "a dialog in presentation mode");
        robot.interact(() -> {
            alert[0].close();
            w.view().setPresentation(false);
        });
        robot.interact(() -> menu.show(canvas, 300, 300));
        assertEquals(12, typeOf(robot, menu), 0.01, "the same menu after presentation mode");
        robot.interact(() -> {
            menu.hide();
            w.viewModel().close();
        });
    }

    @Test
    void popupsReadAtTheWindowsTypeOnA720pProjector() throws Exception {
        typesAt(1280, 720, 15);
    }

    @Test
    void popupsReadAtTheWindowsTypeAsDrawnOnA1080pProjector() throws Exception {
        typesAt(1920, 1080, 22.5);
    }
}
