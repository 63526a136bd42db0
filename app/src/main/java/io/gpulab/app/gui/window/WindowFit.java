package io.gpulab.app.gui.window;

import javafx.geometry.Rectangle2D;
import org.jspecify.annotations.Nullable;

/**
 * The bounds a window opens at: the last bounds the user left it at while they still lie inside the
 * screen's visual bounds (a smaller screen, a detached monitor, a changed panel), else the preferred
 * size shrunk to the screen and centred on it. Pure: {@link WindowPlacement} applies it to stages.
 */
public final class WindowFit {

    private WindowFit() {
    }

    /**
     * {@code screen}: the visual bounds (the screen minus panels and docks); {@code last}: the remembered
     * bounds, or null; a remembered window smaller than {@code minW} x {@code minH} is not reused.
     */
    public static Rectangle2D place(Rectangle2D screen, double prefW, double prefH, double minW, double minH,
                                    @Nullable Rectangle2D last) {
        if (last != null && inside(screen, last) && last.getWidth() >= Math.min(minW, screen.getWidth())
                && last.getHeight() >= Math.min(minH, screen.getHeight())) {
            return last;
        }
        double w = Math.floor(Math.min(prefW, screen.getWidth()));
        double h = Math.floor(Math.min(prefH, screen.getHeight()));
        return new Rectangle2D(Math.floor(screen.getMinX() + (screen.getWidth() - w) / 2),
                Math.floor(screen.getMinY() + (screen.getHeight() - h) / 2), w, h);
    }

    /**
     * The main window's preferred size on this screen: 1600 x 1000 on a full-HD screen, four fifths of a
     * larger one (a 4K screen gets a window in proportion, not a postage stamp), the whole of a smaller one.
     */
    public static Rectangle2D mainWindow(Rectangle2D screen, @Nullable Rectangle2D last) {
        double w = Math.max(1600, screen.getWidth() * 0.8);
        double h = Math.max(1000, screen.getHeight() * 0.85);
        return place(screen, w, h, 800, 600, last);
    }

    /** {@code inner} lies wholly inside {@code outer} (a pixel of rounding allowed). */
    public static boolean inside(Rectangle2D outer, Rectangle2D inner) {
        return inner.getMinX() >= outer.getMinX() - 1 && inner.getMinY() >= outer.getMinY() - 1
                && inner.getMaxX() <= outer.getMaxX() + 1 && inner.getMaxY() <= outer.getMaxY() + 1;
    }

    /**
     * {@code window} moved (and, when larger than the screen, shrunk) so that it lies inside {@code screen}:
     * for dialogs whose size comes from their content.
     */
    public static Rectangle2D clamp(Rectangle2D screen, Rectangle2D window) {
        double w = Math.min(window.getWidth(), screen.getWidth());
        double h = Math.min(window.getHeight(), screen.getHeight());
        double x = Math.max(screen.getMinX(), Math.min(window.getMinX(), screen.getMaxX() - w));
        double y = Math.max(screen.getMinY(), Math.min(window.getMinY(), screen.getMaxY() - h));
        return new Rectangle2D(x, y, w, h);
    }
}
