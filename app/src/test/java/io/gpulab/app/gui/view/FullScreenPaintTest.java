package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Windows as large as the biggest size we look at (1920x1080) are painted, not dropped: JavaFX's painter
 * reports a failed frame on stderr only (java.nio.BufferOverflowException from UploadingPainter), so the
 * test reads stderr while the window grows to 1920x1080 and paints.
 */
class FullScreenPaintTest {

    @Test
    void aWindowGrowingTo1920x1080PaintsWithoutPainterErrors() throws Exception {
        PrintStream saved = System.err;
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        AtomicReference<Stage> stage = new AtomicReference<>(FxToolkit.registerPrimaryStage());
        try {
            System.setErr(new PrintStream(seen, true, StandardCharsets.UTF_8));
            // three rounds of growing windows, each ending at 1920x1080
            for (int round = 0; round < 9; round++) {
                int[] size = new int[][] {{1280, 720}, {1600, 1000}, {1920, 1080}}[round % 3];
                // opened in the test, not in FxToolkit.setupStage, whose fixed guard a loaded machine outlasts
                FxTestSupport.showAt(new org.testfx.api.FxRobot(), stage.get(), "article", size[0], size[1],
                        size[0] == 1920);
                WaitForAsyncUtils.waitForFxEvents();
                // a few pulses: the painter runs on the render thread after the pulse
                Thread.sleep(400);
                WaitForAsyncUtils.waitForFxEvents();
            }
        } finally {
            System.setErr(saved);
        }
        String log = seen.toString(StandardCharsets.UTF_8);
        long failed = log.lines().filter(l -> l.contains("BufferOverflowException")).count();
        // a headless screen no larger than the window fails every 1920x1080 frame (3 here). JavaFX 21.0.11 on
        // its own may still drop one frame while a window grows (its pixel-buffer pool can hand out a buffer
        // sized for the old window; later JavaFX checks the capacity): one is tolerated, not three
        assertTrue(failed <= 1, failed + " frames failed to paint:\n"
                + log.lines().limit(12).reduce("", (a, b) -> a + b + "\n"));
    }
}
