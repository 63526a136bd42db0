package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import javafx.scene.canvas.Canvas;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The compact fleet canvas follows the theme switch at once, like the CSS-styled parts around it. */
@ExtendWith(ApplicationExtension.class)
class CompactThemeTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        FxTestSupport.resetMonocleDragState();
        EngineLabOpener opener = EngineLabOpener.sim();
        workbench = new Workbench(opener.open("synthetic:40x2"), opener, new CurrentThreadTaskExecutor());
        stage.setScene(workbench.scene(1600, 1000, false));
        stage.show();
    }

    private double brightness(FxRobot robot) {
        Canvas canvas = robot.lookup("#compact-fleet .compact-band").queryAs(Canvas.class);
        double[] b = new double[1];
        robot.interact(() -> {
            Color c = canvas.snapshot(null, null).getPixelReader().getColor(2, 2);
            b[0] = c.getBrightness();
        });
        return b[0];
    }

    @Test
    void switchingToDarkRedrawsTheFleetCanvasDark(FxRobot robot) {
        assertTrue(brightness(robot) > 0.8, "light theme: a light canvas");
        robot.interact(() -> workbench.view().actions().toggleTheme());
        assertTrue(brightness(robot) < 0.3, "dark theme: the canvas redrawn dark");
        robot.interact(() -> workbench.view().actions().toggleTheme());
        assertTrue(brightness(robot) > 0.8, "and back");
    }

    @Test
    void theWindowsTheWorkbenchOpenedSwitchWithIt(FxRobot robot) {
        Stage[] other = new Stage[1];
        robot.interact(() -> {
            // as the Plan and Isolation windows open: their own stage, the workbench's theme at opening
            other[0] = new Stage();
            javafx.scene.Scene scene = new javafx.scene.Scene(new javafx.scene.layout.Pane(), 300, 200);
            Theme.apply(scene, false);
            other[0].setScene(scene);
            other[0].show();
        });
        robot.interact(() -> workbench.view().actions().toggleTheme());
        assertTrue(Theme.isDark(other[0].getScene()), "the other window turned dark with the workbench");
        robot.interact(() -> workbench.view().actions().toggleTheme());
        assertTrue(!Theme.isDark(other[0].getScene()), "and light again");
        robot.interact(() -> other[0].close());
    }
}
