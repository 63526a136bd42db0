package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Canvas export writes a real PNG at 1x and 2x, with the caption strip below the canvas. */
@ExtendWith(ApplicationExtension.class)
class PngExportTest {

    @TempDir
    Path dir;
    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage);
    }

    @Test
    void canvasExportsAtOneAndTwoTimes(FxRobot robot) throws Exception {
        Path one = dir.resolve("one.png");
        Path two = dir.resolve("two.png");
        double[] width = new double[1];
        robot.interact(() -> {
            try {
                width[0] = workbench.view().canvas().getLayoutBounds().getWidth();
                workbench.view().actions().exportPngTo(false, 1, one);
                workbench.view().actions().exportPngTo(false, 2, two);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(Files.size(one) > 10_000, "a real image, not an empty file");
        BufferedImage a = ImageIO.read(one.toFile());
        BufferedImage b = ImageIO.read(two.toFile());
        assertEquals(Math.round(width[0]), a.getWidth(), 1.0);
        assertEquals(2 * a.getWidth(), b.getWidth(), 2.0);
        // the caption strip is dark: the bottom-left pixel is not the light canvas background
        int rgb = a.getRGB(2, a.getHeight() - 2) & 0xffffff;
        assertTrue(((rgb >> 16) & 0xff) < 80, "caption strip at the bottom");
    }

    @Test
    void aSlideLeavesOutHintsAndAddsTheInspectorOnlyForASelection(FxRobot robot) throws Exception {
        Path plain = dir.resolve("slide.png");
        Path selected = dir.resolve("slide-selected.png");
        double[] width = new double[1];
        int[] hintsBefore = new int[1];
        int[] hintsAfter = new int[1];
        robot.interact(() -> {
            try {
                width[0] = workbench.view().canvas().getLayoutBounds().getWidth();
                hintsBefore[0] = robot.lookup(".hint").queryAll().stream().filter(javafx.scene.Node::isVisible)
                        .toList().size();
                workbench.view().actions().exportSlideTo(1, plain);
                hintsAfter[0] = robot.lookup(".hint").queryAll().stream().filter(javafx.scene.Node::isVisible)
                        .toList().size();
                workbench.viewModel().selectionProperty().set(io.gpulab.app.gui.vm.Selection.node("tenant-a",
                        "tenant-a-worker"));
                workbench.view().actions().exportSlideTo(1, selected);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        BufferedImage a = ImageIO.read(plain.toFile());
        BufferedImage b = ImageIO.read(selected.toFile());
        assertEquals(Math.round(width[0]), a.getWidth(), 1.0, "no palette, no side panel: the canvas alone");
        assertTrue(b.getWidth() > a.getWidth() + 200, "the inspector beside the canvas when something is selected");
        assertEquals(a.getHeight(), b.getHeight(), 1.0,
                "the inspector beside the canvas is as tall as the canvas: no dead band under either");
        int captionTop = a.getHeight() - captionHeight(a);
        assertEquals(0xff, b.getRGB(4, captionTop - 2) >>> 24, "the canvas side reaches down to the caption");
        assertTrue(hintsBefore[0] > 0);
        assertEquals(hintsBefore[0], hintsAfter[0], "the window's hints are back after the export");
    }

    /** Rows of the dark caption strip at the bottom of an export. */
    static int captionHeight(BufferedImage img) {
        int rows = 0;
        while (rows < img.getHeight() && (((img.getRGB(2, img.getHeight() - 1 - rows) >> 16) & 0xff) < 80)) {
            rows++;
        }
        return rows;
    }

    @Test
    void aPngGpulabWroteIsReplacedWithoutForceAnyOtherFileIsNot(FxRobot robot) throws Exception {
        Path png = dir.resolve("again.png");
        Path theirs = java.nio.file.Files.writeString(dir.resolve("theirs.png"), "not a gpulab picture");
        String[] refusal = new String[1];
        robot.interact(() -> {
            try {
                workbench.view().actions().exportPngTo(false, 1, png, false);
                workbench.view().actions().exportPngTo(false, 1, png, false);
                workbench.view().actions().exportPngTo(false, 1, theirs, false);
            } catch (io.gpulab.engine.output.OutputException e) {
                refusal[0] = e.getMessage();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(ImageIO.read(png.toFile()).getWidth() > 100);
        assertEquals(theirs + ": refused: the file exists and is not a PNG image gpulab wrote; choose another name, "
                + "or add --force to replace it", refusal[0]);
        assertEquals("not a gpulab picture", Files.readString(theirs));
    }
}
