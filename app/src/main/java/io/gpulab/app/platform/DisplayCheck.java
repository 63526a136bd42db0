package io.gpulab.app.platform;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Tells, before JavaFX is started, whether the workbench can open a window here. Without this a
 * Linux box with no display gets JavaFX's stack trace ending in "Unable to open DISPLAY".
 */
public final class DisplayCheck {

    /** The advice printed when no window can be opened. */
    public static final String NO_DISPLAY = String.join(System.lineSeparator(),
            "gpulab: the workbench needs a display, and there is none here (DISPLAY and WAYLAND_DISPLAY are unset).",
            "  On a machine without a screen, run it on a virtual display:   xvfb-run -a gpulab",
            "    (Debian/Ubuntu: apt-get install xvfb libgtk-3-0)",
            "  or use the headless commands, which need no display:",
            "    gpulab run article --json            gpulab verify article --report out/",
            "    gpulab screenshot article --out workbench.png",
            "  gpulab --help lists them all.");

    private DisplayCheck() {
    }

    /** The reason no window can open in this process, or empty when one can (or cannot be known). */
    public static Optional<String> problem() {
        return problem(System.getProperties(), System.getenv());
    }

    static Optional<String> problem(Properties props, Map<String, String> env) {
        if (!props.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.empty(); // Windows and macOS always have a desktop to open on
        }
        if ("monocle".equalsIgnoreCase(props.getProperty("glass.platform", ""))) {
            return Optional.empty(); // an off-screen toolkit was asked for explicitly
        }
        if (set(env.get("DISPLAY")) || set(env.get("WAYLAND_DISPLAY"))) {
            return Optional.empty();
        }
        return Optional.of(NO_DISPLAY);
    }

    private static boolean set(String value) {
        return value != null && !value.isBlank();
    }
}
