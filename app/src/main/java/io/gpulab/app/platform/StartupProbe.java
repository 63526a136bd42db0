package io.gpulab.app.platform;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.stage.Window;

/**
 * Start-up measurement for {@code installers/bench-startup.sh}: when {@code GPULAB_STARTUP_PROBE}
 * names a file, the moment the first window is shown and its first frame has been
 * rendered (the next pulse started) is written there as {@code <epoch ms> <JVM uptime ms>} and the process exits.
 */
public final class StartupProbe {

    /** The environment variable naming the output file. */
    public static final String ENV = "GPULAB_STARTUP_PROBE";

    private StartupProbe() {
    }

    /** Installs the probe if the environment asks for it; does nothing otherwise. */
    public static void installIfRequested() {
        String file = System.getenv(ENV);
        if (file == null || file.isBlank()) {
            return;
        }
        Path out = Path.of(file);
        Window.getWindows().addListener((ListChangeListener<Window>) change -> {
            while (change.next()) {
                if (change.wasAdded()) {
                    Platform.runLater(() -> afterNextFrame(out));
                    return;
                }
            }
        });
    }

    private static void afterNextFrame(Path out) {
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                // the second pulse after showing starts once the first one has laid out and rendered
                if (++pulses == 2) {
                    stop();
                    record(out);
                }
            }
        }.start();
    }

    private static void record(Path out) {
        long uptime = ManagementFactory.getRuntimeMXBean().getUptime();
        try {
            Files.writeString(out, System.currentTimeMillis() + " " + uptime + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            Runtime.getRuntime().halt(4);
        }
        Runtime.getRuntime().halt(0); // the measurement is all that was wanted; skip the app's shutdown
    }
}
