package io.gpulab.app.gui.window;

import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import javafx.geometry.Rectangle2D;
import org.jspecify.annotations.Nullable;

/**
 * The bounds each window was last left at, by window name, in the user's Java preferences (on Linux
 * {@code ~/.java/.userPrefs/io/gpulab/windows}). {@link #NONE} remembers nothing: tests and headless use,
 * or {@code -Dgpulab.rememberWindows=false}.
 */
public interface WindowMemory {

    @Nullable Rectangle2D last(String window);

    void remember(String window, Rectangle2D bounds);

    WindowMemory NONE = new WindowMemory() {
        @Override
        public @Nullable Rectangle2D last(String window) {
            return null;
        }

        @Override
        public void remember(String window, Rectangle2D bounds) {
        }
    };

    /** The user's preferences, unless {@code gpulab.rememberWindows} is {@code false}. */
    static WindowMemory userPreferences() {
        if ("false".equals(System.getProperty("gpulab.rememberWindows"))) {
            return NONE;
        }
        Preferences node = Preferences.userRoot().node("io/gpulab/windows");
        return new WindowMemory() {
            @Override
            public @Nullable Rectangle2D last(String window) {
                double w = node.getDouble(window + ".width", -1);
                double h = node.getDouble(window + ".height", -1);
                if (w <= 0 || h <= 0) {
                    return null;
                }
                return new Rectangle2D(node.getDouble(window + ".x", 0), node.getDouble(window + ".y", 0), w, h);
            }

            @Override
            public void remember(String window, Rectangle2D b) {
                node.putDouble(window + ".x", b.getMinX());
                node.putDouble(window + ".y", b.getMinY());
                node.putDouble(window + ".width", b.getWidth());
                node.putDouble(window + ".height", b.getHeight());
                try {
                    node.flush();
                } catch (BackingStoreException e) {
                    // a read-only home: the window opens fitted to the screen next time, nothing is lost
                }
            }
        };
    }
}
