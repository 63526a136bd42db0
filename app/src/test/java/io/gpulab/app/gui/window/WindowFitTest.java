package io.gpulab.app.gui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Where windows open, for the screens the workbench supports (1024 x 768 to 3840 x 2160). */
class WindowFitTest {

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1024, 768", "1280, 720", "1366, 768", "1920, 1080", "2560, 1440", "3840, 2160"})
    void theMainWindowOpensInsideEveryScreenAndUsesMostOfIt(int w, int h) {
        Rectangle2D screen = new Rectangle2D(0, 0, w, h);
        Rectangle2D win = WindowFit.mainWindow(screen, null);
        assertTrue(WindowFit.inside(screen, win), win + " outside " + screen);
        assertTrue(win.getWidth() >= Math.min(1600, w) && win.getHeight() >= Math.min(1000, h),
                "at least 1600 x 1000 where the screen has room: " + win);
        assertEquals(screen.getMinX() + (w - win.getWidth()) / 2, win.getMinX(), 1.0, "centred");
    }

    @Test
    void aSmallScreenGetsAWholeScreenWindowNotOneHangingOffItsTopLeft() {
        // the case: a 1600 x 1000 window centred on 1280 x 720 opened at (-160, -140)
        Rectangle2D screen = new Rectangle2D(0, 0, 1280, 720);
        assertEquals(screen, WindowFit.mainWindow(screen, null));
    }

    @Test
    void visualBoundsBesideAPanelAreRespected() {
        // a 32 px top panel: the visual bounds start at y = 32
        Rectangle2D screen = new Rectangle2D(0, 32, 1280, 688);
        Rectangle2D win = WindowFit.place(screen, 1280, 800, 640, 480, null);
        assertEquals(new Rectangle2D(0, 32, 1280, 688), win);
    }

    @Test
    void theLastBoundsAreReusedOnlyWhileTheyFit() {
        Rectangle2D big = new Rectangle2D(0, 0, 1920, 1080);
        Rectangle2D last = new Rectangle2D(300, 100, 1400, 900);
        assertEquals(last, WindowFit.mainWindow(big, last), "the user's size and place, kept");
        Rectangle2D small = new Rectangle2D(0, 0, 1280, 720);
        assertEquals(small, WindowFit.mainWindow(small, last), "a smaller screen now: fitted again");
        Rectangle2D secondMonitorGone = new Rectangle2D(2000, 100, 1400, 900);
        assertEquals(new Rectangle2D(160, 40, 1600, 1000), WindowFit.mainWindow(big, secondMonitorGone));
        Rectangle2D tiny = new Rectangle2D(10, 10, 200, 150);
        assertEquals(new Rectangle2D(160, 40, 1600, 1000), WindowFit.mainWindow(big, tiny),
                "a window shrunk to a sliver is not what opens next time");
    }

    @Test
    void aDialogLargerThanTheScreenIsShrunkAndMovedInside() {
        Rectangle2D screen = new Rectangle2D(0, 0, 1024, 768);
        Rectangle2D dialog = new Rectangle2D(-36, -27, 1096, 822);
        assertEquals(new Rectangle2D(0, 0, 1024, 768), WindowFit.clamp(screen, dialog));
        Rectangle2D offRight = new Rectangle2D(900, 600, 400, 300);
        assertEquals(new Rectangle2D(624, 468, 400, 300), WindowFit.clamp(screen, offRight));
    }
}
