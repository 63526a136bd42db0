package io.gpulab.app.platform;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Makes JavaFX find a font on a machine that has none. On Linux JavaFX asks fontconfig for its
 * logical fonts and stops with "JavaFX detected no fonts!" when fontconfig knows none (a bare
 * container or CI image without any fonts-* package). Its embedded-font support
 * ({@code -Dprism.embeddedfonts=true}) then reads font files and {@code logicalfonts.properties}
 * from {@code -Dprism.fontdir}; this class points that at the DejaVu fonts shipped in assets.
 * JavaFX reads these properties once, so {@link #prepare()} must run before any JavaFX class loads.
 */
public final class FontSetup {

    static final String FONT_DIR = "prism.fontdir";
    static final String EMBEDDED = "prism.embeddedfonts";

    private FontSetup() {
    }

    /** What {@link #prepare()} did. */
    public enum Outcome {
        /** Not Linux: Windows and macOS always have fonts and JavaFX does not use fontconfig there. */
        NOT_LINUX,
        /** {@code prism.fontdir} was already given (by the user, the tests or the installer). */
        CONFIGURED_ELSEWHERE,
        /** fontconfig has fonts; JavaFX uses them unchanged. */
        SYSTEM_FONTS,
        /** JavaFX was pointed at the shipped fonts. */
        BUNDLED_FONTS
    }

    /** Prepares this JVM's system properties; the one call the launcher makes. */
    public static Outcome prepare() throws IOException {
        Properties props = System.getProperties();
        return prepare(props, FontProbe::ask, () -> cacheRoot(System.getenv(), props));
    }

    static Outcome prepare(Properties props, Supplier<FontProbe.Answer> probe, Supplier<Path> cacheRoot)
            throws IOException {
        if (!props.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return Outcome.NOT_LINUX;
        }
        if (props.getProperty(FONT_DIR) != null) {
            return Outcome.CONFIGURED_ELSEWHERE;
        }
        if (probe.get() == FontProbe.Answer.FONTS) {
            return Outcome.SYSTEM_FONTS;
        }
        // NO_FONTS, or UNKNOWN (no fc-match): with embedded fonts on, JavaFX still prefers what
        // fontconfig finds and falls back to ours, so this is safe when fonts exist after all.
        Path dir = BundledFonts.unpackTo(cacheRoot.get());
        props.setProperty(FONT_DIR, dir.toString());
        props.setProperty(EMBEDDED, "true");
        return Outcome.BUNDLED_FONTS;
    }

    /**
     * Where the fonts are unpacked: {@code $XDG_CACHE_HOME/gpulab}, else {@code ~/.cache/gpulab};
     * {@code java.io.tmpdir} when there is no usable home (some CI users and containers).
     */
    public static Path cacheRoot(Map<String, String> env, Properties props) {
        String xdg = env.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "gpulab");
        }
        @Nullable String home = props.getProperty("user.home");
        if (home != null && !home.isBlank() && !home.equals("?") && Path.of(home).toFile().canWrite()) {
            return Path.of(home, ".cache", "gpulab");
        }
        return Path.of(props.getProperty("java.io.tmpdir", "/tmp"),
                "gpulab-" + props.getProperty("user.name", "user"));
    }
}
