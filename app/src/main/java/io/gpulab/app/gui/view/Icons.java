package io.gpulab.app.gui.view;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import javafx.scene.shape.SVGPath;

/**
 * Small vector icons (24-unit SVG paths from {@code gpulab/icons/*.svgpath} in assets), styled by CSS
 * through their style class.
 */
public final class Icons {

    /** A closed padlock. */
    public static final String LOCK = load("lock");
    /** A GPU board. */
    public static final String CHIP = load("chip");
    /** A server rack unit. */
    public static final String SERVER = load("server");
    /** A database cylinder (the datastore). */
    public static final String DATABASE = load("database");
    /** A drag handle (six dots). */
    public static final String GRIP = load("grip");

    private Icons() {
    }

    private static String load(String name) {
        String path = "gpulab/icons/" + name + ".svgpath";
        try (InputStream in = Icons.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " missing from assets");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalStateException(path + ": " + e.getMessage(), e);
        }
    }

    /** A scaled icon node with the given style class. */
    public static SVGPath icon(String path, double size, String styleClass) {
        SVGPath p = new SVGPath();
        p.setContent(path);
        double scale = size / 24.0;
        p.setScaleX(scale);
        p.setScaleY(scale);
        p.getStyleClass().addAll("icon", styleClass);
        return p;
    }
}
