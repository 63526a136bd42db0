package io.gpulab.app.gui;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import javafx.scene.Parent;
import javafx.scene.Scene;

/**
 * Frame time of the workbench: one frame = a lab change (a 1 s clock advance), the topology rebuilt
 * from the new snapshot, CSS and layout, and the whole window rendered in software. Run on the FX
 * thread; the figures are upper bounds (a real display renders only what is visible).
 */
public final class FrameBench {

    /** Percentiles in milliseconds. */
    public record Result(int frames, double p50, double p99, double max) {
        public String line() {
            return String.format(Locale.ROOT, "%d frames: p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                    frames, p50, p99, max);
        }
    }

    private FrameBench() {
    }

    public static Result run(Workbench w, Scene scene, int frames) {
        Parent root = scene.getRoot();
        double[] ms = new double[frames];
        for (int i = -3; i < frames; i++) {
            long t0 = System.nanoTime();
            w.viewModel().advance(Duration.ofSeconds(1));
            root.applyCss();
            root.layout();
            scene.snapshot(null);
            if (i >= 0) {
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        Arrays.sort(ms);
        return new Result(frames, ms[frames / 2], ms[Math.min(frames - 1, (int) Math.ceil(frames * 0.99) - 1)],
                ms[frames - 1]);
    }
}
