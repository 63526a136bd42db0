package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The dark theme: a canvas export is dark to its edges (no white frame from the snapshot's default fill),
 * and the lab editor's placeholders are readable on their dark fields.
 */
@ExtendWith(ApplicationExtension.class)
class DarkExportTest {

    @TempDir
    Path dir;
    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "article", 1600, 1000, true);
    }

    @Test
    void darkCanvasAndSlideHaveADarkMargin(FxRobot robot) throws Exception {
        Path canvas = dir.resolve("canvas.png");
        Path slide = dir.resolve("slide.png");
        robot.interact(() -> {
            try {
                workbench.view().actions().exportPngTo(false, 1, canvas);
                workbench.view().actions().exportSlideTo(2, slide);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        for (Path p : new Path[] {canvas, slide}) {
            BufferedImage img = ImageIO.read(p.toFile());
            // the top-left corner is the canvas margin (12 layout units of padding)
            int rgb = img.getRGB(3, 3);
            int luma = ((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff);
            assertTrue(luma < 3 * 90, p.getFileName() + ": the margin is dark, not white: #"
                    + Integer.toHexString(rgb & 0xffffff));
        }
    }

    @Test
    void placeholdersInTheDarkLabEditorAreReadable(FxRobot robot) {
        robot.clickOn("Design");
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        for (String id : new String[] {"design-tenant-name", "design-worker-name"}) {
            javafx.scene.control.TextField f = robot.lookup("#" + id).queryAs(javafx.scene.control.TextField.class);
            javafx.scene.paint.Paint[] fill = new javafx.scene.paint.Paint[1];
            robot.interact(() -> f.lookupAll("Text").stream()
                    .filter(n -> n instanceof javafx.scene.text.Text t && f.getPromptText().equals(t.getText()))
                    .findFirst().ifPresent(n -> fill[0] = ((javafx.scene.text.Text) n).getFill()));
            assertTrue(fill[0] instanceof javafx.scene.paint.Color, id + ": placeholder drawn");
            double brightness = ((javafx.scene.paint.Color) fill[0]).getBrightness();
            // the field is #1d232a (brightness 0.16): a readable placeholder is well above it
            assertTrue(brightness > 0.45, id + ": placeholder " + fill[0] + " is dark on the dark field");
        }
    }
}
