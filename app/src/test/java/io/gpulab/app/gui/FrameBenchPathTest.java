package io.gpulab.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.geometry.BoundingBox;
import org.junit.jupiter.api.Test;

/**
 * The frame benchmark's drag series moves the palette pod over the whole canvas, as docs/benchmarks.md says:
 * one point per move, top to bottom, swinging across it and back, none left unused.
 */
class FrameBenchPathTest {

    @Test
    void everyMoveIsUsedAndTheLastReachesTheBottomOfTheCanvas() {
        BoundingBox palette = new BoundingBox(10, 100, 160, 40);
        BoundingBox canvas = new BoundingBox(200, 80, 800, 600);
        int moves = 60 + FrameBench.WARM_UP;
        double[][] path = FrameBench.dragPath(palette, canvas, moves);
        assertEquals(moves + 1, path.length, "the palette pod's start, then one point per move");
        assertEquals(90, path[0][0], 1e-9);
        assertEquals(120, path[0][1], 1e-9);
        assertEquals(canvas.getMaxY() - 20, path[moves][1], 1e-9, "the last move reaches the canvas' bottom");
        int swings = 0;
        for (int i = 1; i <= moves; i++) {
            assertTrue(path[i][0] >= canvas.getMinX() + 20 - 1e-9 && path[i][0] <= canvas.getMaxX() - 20 + 1e-9);
            assertTrue(i == 1 || path[i][1] > path[i - 1][1], "always further down");
            if (i > 2 && Math.signum(path[i][0] - path[i - 1][0]) != Math.signum(path[i - 1][0] - path[i - 2][0])) {
                swings++;
            }
        }
        assertEquals(6, swings, "across the canvas and back, three times");
    }
}
