package io.gpulab.app.gui.view;

import java.net.URL;
import java.util.Objects;
import javafx.scene.Scene;

/** Light and dark themes: plain CSS from assets; dark only overrides the looked-up colours. */
public final class Theme {

    public static final String BASE = css("workbench.css");
    public static final String DARK = css("dark.css");

    private Theme() {
    }

    private static String css(String name) {
        URL url = Theme.class.getClassLoader().getResource("gpulab/css/" + name);
        return Objects.requireNonNull(url, "gpulab/css/" + name + " missing from assets").toExternalForm();
    }

    /** Applies the base sheet and, when {@code dark}, the dark overrides. */
    public static void apply(Scene scene, boolean dark) {
        scene.getStylesheets().remove(DARK);
        if (!scene.getStylesheets().contains(BASE)) {
            scene.getStylesheets().add(BASE);
        }
        if (dark) {
            scene.getStylesheets().add(DARK);
        }
    }

    public static boolean isDark(Scene scene) {
        return scene.getStylesheets().contains(DARK);
    }
}
