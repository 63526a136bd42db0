package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.export.ExportSizeException;
import io.gpulab.app.gui.vm.Selection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Every view's picture is exactly as large as the window asked for ({@code gpulab screenshot --size WxH} sizes the
 * window), caption included, at common and odd sizes; a size too small for the view and its caption is refused
 * with the smallest that fits, and that one is written.
 */
@ExtendWith(ApplicationExtension.class)
class ExportSizeTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private Workbench open(FxRobot robot, String scenario, int w, int h, boolean dark) {
        return FxTestSupport.showAt(robot, stage, scenario, w, h, dark);
    }

    private static String size(WritableImage i) {
        return (int) i.getWidth() + "x" + (int) i.getHeight();
    }

    /**
     * Whether something other than the top-left background colour is drawn 20 px from the right edge, in the
     * upper half: a view laid out at the window's old width instead of the picture's leaves that column empty.
     */
    private static boolean drawnAtTheRightEdge(WritableImage i) {
        var r = i.getPixelReader();
        int bg = r.getArgb(1, 1);
        int x = (int) i.getWidth() - 20;
        for (int y = 0; y < i.getHeight() / 2; y++) {
            if (r.getArgb(x, y) != bg) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyViewIsExactlyTheSizeAskedCaptionIncluded(FxRobot robot) {
        List<String> wrong = new ArrayList<>();
        int[][] sizes = {{1024, 768}, {1280, 720}, {1920, 1080}, {1366, 701}};
        for (int[] s : sizes) {
            Workbench wb = open(robot, "article", s[0], s[1], s[0] == 1366);
            String asked = s[0] + "x" + s[1];
            robot.interact(() -> {
                wb.viewModel().playback().playScenarioSteps(Integer.MAX_VALUE);
                var actions = wb.view().actions();
                for (WorkbenchActions.View v : WorkbenchActions.View.values()) {
                    WritableImage i = actions.picture(v, 1);
                    if (!size(i).equals(asked)) {
                        wrong.add(v + " at " + asked + ": " + size(i));
                    } else if (v != WorkbenchActions.View.WINDOW && !drawnAtTheRightEdge(i)) {
                        wrong.add(v + " at " + asked + ": the drawing stops short of the picture's right edge");
                    }
                }
                wb.viewModel().selectionProperty().set(Selection.node("tenant-a", "tenant-a-worker"));
                WritableImage slide = actions.picture(WorkbenchActions.View.SLIDE, 1);
                if (!size(slide).equals(asked)) {
                    wrong.add("slide with a selection at " + asked + ": " + size(slide));
                } else if (!drawnAtTheRightEdge(slide)) {
                    wrong.add("slide with a selection at " + asked + ": the inspector stops short of the right edge");
                }
            });
        }
        assertEquals(List.of(), wrong);
    }

    /** Eight tenants of two workers with four cards each: a drawing much taller than a 1024x768 picture. */
    private static Path tallLab(Path dir) throws java.io.IOException {
        StringBuilder y = new StringBuilder("apiVersion: gpulab.io/v1\nkind: Scenario\nmetadata:\n  name: tall\n"
                + "lab:\n  tenants:\n");
        for (int t = 0; t < 8; t++) {
            y.append("    - name: t").append(t).append("\n      workers:\n");
            for (int n = 0; n < 2; n++) {
                y.append("        - name: t").append(t).append("-w").append(n).append("\n          cpu: 4\n"
                        + "          memoryMiB: 8192\n          cards:\n            - {model: L4-24GB, count: 4}\n");
            }
        }
        return Files.writeString(dir.resolve("tall.yaml"), y);
    }

    @Test
    void scaleTwoDoublesBothSidesAndATallLabStillFits(FxRobot robot, @TempDir Path dir) throws Exception {
        // laid out wider, then drawn smaller to fit whole: never cut, never taller than asked
        Workbench wb = open(robot, tallLab(dir).toString(), 1024, 768, false);
        String[] got = new String[2];
        double[] drawn = new double[1];
        robot.interact(() -> {
            drawn[0] = wb.view().canvas().getLayoutBounds().getHeight();
            got[0] = size(wb.view().actions().picture(WorkbenchActions.View.CANVAS, 2));
            got[1] = size(wb.view().actions().picture(WorkbenchActions.View.WINDOW, 2));
        });
        assertTrue(drawn[0] > 1500, "a tall drawing: " + drawn[0]);
        assertEquals("2048x1536", got[0]);
        assertEquals("2048x1536", got[1]);
    }

    @Test
    void aSizeTooSmallForTheViewAndItsCaptionIsRefusedNamingTheSmallestThatFits(FxRobot robot) {
        Workbench wb = open(robot, "article", 1024, 260, false);
        String[] message = new String[1];
        robot.interact(() -> message[0] = assertThrows(ExportSizeException.class,
                () -> wb.view().actions().picture(WorkbenchActions.View.WINDOW, 1)).getMessage());
        Matcher m = Pattern.compile("1024x260 is too small for the window view and its caption: it needs at least "
                + "(\\d+)x(\\d+) \\(240 px of view above a (\\d+) px caption at 1024 px wide\\)").matcher(message[0]);
        assertTrue(m.matches(), message[0]);
        assertTrue(!message[0].contains("\n"), "one line");
        int w = Integer.parseInt(m.group(1));
        int h = Integer.parseInt(m.group(2));
        assertEquals(1024, w);
        assertEquals(240 + Integer.parseInt(m.group(3)), h);
        Workbench fits = open(robot, "article", w, h, false);
        String[] got = new String[1];
        robot.interact(() -> got[0] = size(fits.view().actions().picture(WorkbenchActions.View.WINDOW, 1)));
        assertEquals(w + "x" + h, got[0], "the size the refusal names is written");
    }
}
