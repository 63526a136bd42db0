package io.gpulab.app.platform;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Turns the JavaFX toolkit's start-up failures that a user can fix into one clear instruction
 * instead of a stack trace.
 */
public final class ToolkitHints {

    static final String NO_GTK = String.join(System.lineSeparator(),
            "gpulab: JavaFX cannot open a window: the GTK 3 library is missing.",
            "  Install it (Debian/Ubuntu: apt-get install libgtk-3-0), or use the headless commands",
            "  (gpulab run, verify, trace, screenshot, report; gpulab --help).");

    private ToolkitHints() {
    }

    /** The advice for {@code failure} (or one of its causes), or empty if it is not a known case. */
    public static Optional<String> explain(Throwable failure) {
        for (@Nullable Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = String.valueOf(t.getMessage());
            if (message.contains("Unable to open DISPLAY")) {
                return Optional.of(DisplayCheck.NO_DISPLAY);
            }
            if (message.contains("Unable to load glass GTK library")) {
                return Optional.of(NO_GTK);
            }
        }
        return Optional.empty();
    }
}
