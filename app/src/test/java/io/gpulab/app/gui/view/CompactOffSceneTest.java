package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.engine.api.TenantView;
import javafx.scene.Group;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A compact tenant's glyphs are drawn in the theme of the scene they are shown in, once each: a panel built
 * before it has a scene does not draw them in light first and again when it lands in a dark workbench.
 */
@ExtendWith(ApplicationExtension.class)
class CompactOffSceneTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "synthetic:40x2", 1600, 1000, false);
    }

    @Test
    void glyphsBuiltOffSceneAreDrawnOnceInTheSceneTheme(FxRobot robot) {
        TenantView fleet = workbench.viewModel().snapshot().tenant("fleet").orElseThrow();
        CompactWorkers[] made = new CompactWorkers[1];
        int[] drawnOffScene = new int[1];
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> {
            made[0] = new CompactWorkers(workbench.viewModel(), "fleet", fleet.nodes(), null, 800);
            drawnOffScene[0] = made[0].glyphsDrawn;
            // as in the workbench: the scene has its theme when the panel is added to it
            Group root = new Group();
            Scene scene = new Scene(root, 900, 900);
            Theme.apply(scene, true);
            root.getChildren().add(made[0]);
            Canvas band = (Canvas) made[0].lookup(".compact-band");
            img[0] = band.snapshot(null, null);
        });
        assertEquals(0, drawnOffScene[0], "nothing drawn before the theme is known");
        assertEquals(fleet.nodes().size(), made[0].glyphsDrawn, "each glyph drawn once, on entering the scene");
        // the band's corner, outside the first glyph's box: the dark background, not the light one
        Color corner = img[0].getPixelReader().getColor(0, 0);
        assertTrue(corner.getBrightness() < 0.3, "dark band background, was " + corner);
    }
}
