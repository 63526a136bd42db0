package io.gpulab.app.gui.view;

import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import org.jspecify.annotations.Nullable;

/**
 * The drawing shared by the canvas views of large tenants, the fleet's group tiles ({@link FleetView}) and the
 * workers' glyphs ({@link CompactWorkers}): one palette for light and dark, the framed box each tile or glyph
 * sits in, the fill bars (amber past 90 % like the full view's), and the theme they follow. A canvas does not
 * follow CSS: its owner draws everything when it enters a scene (nothing before: the theme is not known yet) and
 * whenever the scene's theme switches; the listener leaves with the owner, so rebuilt tenants leave nothing behind.
 */
final class CanvasPainter {

    static final Color ERROR = Color.web("#cf3b3b");
    static final Color WARN = Color.web("#c98a12");
    static final Color MEM = Color.web("#3b73d9");
    static final Color ACCENT = Color.web("#2563c9");
    private static final Color ACCENT_DARK = Color.web("#5b93f0");
    /** Parsed once, not per tile or glyph: a redraw of 1,000 workers drew each of these a thousand times. */
    private static final Color TEXT = Color.web("#1f2328");
    private static final Color TEXT_DARK = Color.web("#e6edf3");
    private static final Color MUTED = Color.web("#57606a");
    private static final Color MUTED_DARK = Color.web("#9aa5b1");
    private static final Color BOX = Color.WHITE;
    private static final Color BOX_DARK = Color.web("#1d232a");
    private static final Color EDGE = Color.web("#cfd6df");
    private static final Color EDGE_DARK = Color.web("#313a45");
    private static final Color TRACK = Color.web("#e3e8ef");
    private static final Color TRACK_DARK = Color.web("#2c343e");
    private static final Color BACKGROUND = Color.web("#f6f8fa");
    private static final Color BACKGROUND_DARK = Color.web("#232a32");
    private static final Color DROP = Color.web("#e4edfb");
    private static final Color DROP_DARK = Color.web("#1f2e45");

    private final Node owner;
    private final Runnable redrawAll;
    private boolean dark;
    /**
     * Some drawing was skipped because the owner had no scene yet (so no theme): the scene listener draws
     * everything once it enters one, instead of everything being drawn in light first and again.
     */
    private boolean stale;

    /** Follows {@code owner}'s scene and theme: {@code redrawAll} draws everything (it calls {@link #begin}). */
    CanvasPainter(Node owner, Runnable redrawAll) {
        this.owner = owner;
        this.redrawAll = redrawAll;
        ListChangeListener<String> themeSwitched = c -> redrawAll.run();
        owner.sceneProperty().addListener((o, old, scene) -> {
            if (old != null) {
                old.getStylesheets().removeListener(themeSwitched);
            }
            if (scene != null) {
                scene.getStylesheets().addListener(themeSwitched);
                if (stale || Theme.isDark(scene) != dark) {
                    redrawAll.run();
                }
            }
        });
    }

    /** Starts drawing everything: false (and drawn later) while the owner has no scene, else takes its theme. */
    boolean begin() {
        Scene scene = owner.getScene();
        if (scene == null) {
            stale = true;
            return false;
        }
        stale = false;
        dark = Theme.isDark(scene);
        return true;
    }

    /** Whether one tile or glyph can be drawn now: false (and drawn later) while the owner has no scene. */
    boolean ready() {
        if (owner.getScene() == null) {
            stale = true;
            return false;
        }
        return true;
    }

    boolean dark() {
        return dark;
    }

    Color text() {
        return dark ? TEXT_DARK : TEXT;
    }

    Color muted() {
        return dark ? MUTED_DARK : MUTED;
    }

    /** The accent of a mark (an open group, a drop target): lighter in dark. */
    Color accent() {
        return dark ? ACCENT_DARK : ACCENT;
    }

    /** Behind the glyphs, and a glyph's cell that a dragged pod is over. */
    Color background(boolean dropTarget) {
        return dropTarget ? (dark ? DROP_DARK : DROP) : dark ? BACKGROUND_DARK : BACKGROUND;
    }

    /** A tile's or glyph's box. */
    void box(GraphicsContext g, double x, double y, double w, double h) {
        g.setFill(dark ? BOX_DARK : BOX);
        g.fillRect(x, y, w, h);
    }

    /** The box's edge, 1 px; or a 2 px mark in {@code mark} (a selected worker, an open group). */
    void edge(GraphicsContext g, double x, double y, double w, double h, @Nullable Color mark) {
        g.setStroke(mark != null ? mark : dark ? EDGE_DARK : EDGE);
        g.setLineWidth(mark != null ? 2 : 1);
        g.strokeRect(x, y, w, h);
    }

    /** A fill bar {@code h} px high: the track, then {@code fraction} of it in {@code fill}, amber from 90 %. */
    void bar(GraphicsContext g, double x, double y, double w, double h, double fraction, Color fill) {
        double f = Math.max(0, Math.min(1, fraction));
        g.setFill(track());
        g.fillRect(x, y, w, h);
        g.setFill(f >= 0.9 ? WARN : fill);
        g.fillRect(x, y, Math.round(w * f), h);
    }

    /** The empty part of a bar or a card's column. */
    Color track() {
        return dark ? TRACK_DARK : TRACK;
    }

    /** Redraws everything now (the owner's own redraw, e.g. after its layout changed). */
    void redraw() {
        redrawAll.run();
    }
}
