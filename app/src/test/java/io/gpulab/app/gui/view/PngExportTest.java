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

/** Canvas export writes a real PNG at 1x and 2x, as large as the window, with the caption strip below the canvas. */
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
        FxTestSupport.onFx(robot, () -> {
            workbench.view().actions().exportPngTo(false, 1, one);
            workbench.view().actions().exportPngTo(false, 2, two);
        });
        assertTrue(Files.size(one) > 10_000, "a real image, not an empty file");
        BufferedImage a = ImageIO.read(one.toFile());
        BufferedImage b = ImageIO.read(two.toFile());
        assertEquals("1600x1000", a.getWidth() + "x" + a.getHeight(), "the window's size, caption included");
        assertEquals("3200x2000", b.getWidth() + "x" + b.getHeight());
        // the caption strip is dark: the bottom-left pixel is not the light canvas background
        int rgb = a.getRGB(2, a.getHeight() - 2) & 0xffffff;
        assertTrue(((rgb >> 16) & 0xff) < 80, "caption strip at the bottom");
    }

    @Test
    void aSlideLeavesOutHintsAndAddsTheInspectorOnlyForASelection(FxRobot robot) throws Exception {
        Path plain = dir.resolve("slide.png");
        Path selected = dir.resolve("slide-selected.png");
        int[] hintsBefore = new int[1];
        int[] hintsAfter = new int[1];
        FxTestSupport.onFx(robot, () -> {
            hintsBefore[0] = robot.lookup(".hint").queryAll().stream().filter(javafx.scene.Node::isVisible)
                    .toList().size();
            workbench.view().actions().exportSlideTo(1, plain);
            hintsAfter[0] = robot.lookup(".hint").queryAll().stream().filter(javafx.scene.Node::isVisible)
                    .toList().size();
            workbench.viewModel().selectionProperty().set(io.gpulab.app.gui.vm.Selection.node("tenant-a",
                    "tenant-a-worker"));
            workbench.view().actions().exportSlideTo(1, selected);
        });
        BufferedImage a = ImageIO.read(plain.toFile());
        BufferedImage b = ImageIO.read(selected.toFile());
        assertEquals("1600x1000", a.getWidth() + "x" + a.getHeight(), "the window's size, caption included");
        assertEquals("1600x1000", b.getWidth() + "x" + b.getHeight());
        // the inspector's title is dark text on a light panel at the slide's right; the plain slide has canvas there
        int x = (int) (b.getWidth() - ViewPictures.SIDE_MIN / 2);
        assertTrue(differs(a, b, x), "the inspector beside the canvas when something is selected");
        int captionTop = a.getHeight() - captionHeight(a);
        assertEquals(0xff, b.getRGB(4, captionTop - 2) >>> 24, "the canvas side reaches down to the caption");
        assertEquals(0xff, b.getRGB(b.getWidth() - 4, captionTop - 2) >>> 24,
                "the inspector side reaches down to the caption: no dead band under either");
        assertTrue(hintsBefore[0] > 0);
        assertEquals(hintsBefore[0], hintsAfter[0], "the window's hints are back after the export");
    }

    /** Whether the two images differ anywhere in column x above their caption. */
    private static boolean differs(BufferedImage a, BufferedImage b, int x) {
        for (int y = 0; y < a.getHeight() - captionHeight(a); y++) {
            if (a.getRGB(x, y) != b.getRGB(x, y)) {
                return true;
            }
        }
        return false;
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
        FxTestSupport.onFx(robot, () -> {
            workbench.view().actions().exportPngTo(false, 1, png, false);
            workbench.view().actions().exportPngTo(false, 1, png, false);
            try {
                workbench.view().actions().exportPngTo(false, 1, theirs, false);
            } catch (io.gpulab.engine.output.OutputException e) {
                refusal[0] = e.getMessage();
            }
        });
        assertTrue(ImageIO.read(png.toFile()).getWidth() > 100);
        assertEquals(theirs + ": refused: the file exists and is not a PNG image gpulab wrote; choose another name, "
                + "or add --force to replace it", refusal[0]);
        assertEquals("not a gpulab picture", Files.readString(theirs));
    }
}
