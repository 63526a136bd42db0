package io.gpulab.app.gui.export;

import java.util.Locale;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.transform.Transform;

/**
 * A picture of exactly the size asked, caption included (docs/workbench.md, "Exports at the size asked"): the
 * caption strip is measured at the picture's width, and the view is laid out in what is left above it. Every PNG
 * the workbench and {@code gpulab screenshot} write is made here. FX thread.
 */
public final class FramedPicture {

    private FramedPicture() {
    }

    /** A view laid out for the picture. */
    @FunctionalInterface
    public interface Body {
        /**
         * The view laid out at {@code width × height} layout units and rendered at {@code scale}: an image of at
         * most {@code width·scale × height·scale} pixels (a smaller one is centred on the view's background).
         */
        WritableImage render(double width, double height, double scale);
    }

    /**
     * What a view needs to be readable above its caption.
     *
     * @param name      the view's name as the CLI spells it ({@code window}, {@code canvas}, {@code slide})
     * @param minWidth  the narrowest picture it is laid out in
     * @param minHeight the least height it needs above the caption
     * @param pad       the colour around a view drawn smaller than its room
     */
    public record View(String name, double minWidth, double minHeight, Color pad) {
    }

    /**
     * The view above its caption strip, {@code width·scale × height·scale} pixels.
     *
     * @throws ExportSizeException when the view and its caption do not fit, naming the smallest size that does
     */
    public static WritableImage render(View view, double width, double height, double scale, Caption caption,
                                       boolean dark, Body body) {
        Region strip = PngExporter.strip(caption, width, dark);
        double stripHeight = strip.getHeight();
        double bodyHeight = height - stripHeight;
        if (width < view.minWidth() || bodyHeight < view.minHeight()) {
            double needW = Math.max(width, view.minWidth());
            double needH = Math.ceil(view.minHeight() + PngExporter.strip(caption, needW, dark).getHeight());
            throw new ExportSizeException(String.format(Locale.ROOT, "%dx%d is too small for the %s view and its "
                    + "caption: it needs at least %dx%d (%d px of view above a %d px caption at %d px wide)",
                    (int) width, (int) height, view.name(), (int) Math.ceil(needW), (int) needH,
                    (int) view.minHeight(), (int) Math.ceil(needH - view.minHeight()), (int) Math.ceil(needW)));
        }
        int w = pixels(width, scale);
        int h = pixels(height, scale);
        int bodyH = pixels(bodyHeight, scale);
        WritableImage out = new WritableImage(w, h);
        fill(out, 0, 0, w, bodyH, view.pad());
        WritableImage b = body.render(width, bodyHeight, scale);
        paste(out, b, (w - (int) Math.min(w, b.getWidth())) / 2, 0, w, bodyH);
        paste(out, snapshot(strip, scale, w, h - bodyH), 0, bodyH, w, h - bodyH);
        return out;
    }

    /** Pixels for {@code units} layout units at {@code scale}, rounded as the snapshot rounds. */
    public static int pixels(double units, double scale) {
        return (int) Math.round(units * scale);
    }

    /** The node's top-left {@code w × h} pixels at {@code scale}, whatever it draws outside (shadows, overflow). */
    public static WritableImage snapshot(Node n, double scale, int w, int h) {
        SnapshotParameters p = new SnapshotParameters();
        p.setTransform(Transform.scale(scale, scale));
        p.setViewport(new Rectangle2D(0, 0, w, h));
        return n.snapshot(p, new WritableImage(w, h));
    }

    /** Copies {@code src} into {@code dst} at (x, y), clipped to a {@code maxW × maxH} box there. */
    public static void paste(WritableImage dst, WritableImage src, int x, int y, int maxW, int maxH) {
        int w = (int) Math.min(Math.min(src.getWidth(), maxW), dst.getWidth() - x);
        int h = (int) Math.min(Math.min(src.getHeight(), maxH), dst.getHeight() - y);
        if (w > 0 && h > 0) {
            dst.getPixelWriter().setPixels(x, y, w, h, src.getPixelReader(), 0, 0);
        }
    }

    /** Paints a rectangle of {@code dst} in one colour. */
    public static void fill(WritableImage dst, int x, int y, int w, int h, Color c) {
        int argb = ((int) Math.round(c.getOpacity() * 255) << 24) | ((int) Math.round(c.getRed() * 255) << 16)
                | ((int) Math.round(c.getGreen() * 255) << 8) | (int) Math.round(c.getBlue() * 255);
        int[] row = new int[Math.max(0, w)];
        java.util.Arrays.fill(row, argb);
        PixelWriter pw = dst.getPixelWriter();
        for (int r = y; r < y + h; r++) {
            pw.setPixels(x, r, w, 1, PixelFormat.getIntArgbInstance(), row, 0, w);
        }
    }

    /** The first plain colour a region or one of its parents paints behind it; white if none. */
    public static Color background(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (at instanceof Region r && r.getBackground() != null) {
                for (var f : r.getBackground().getFills()) {
                    if (f.getFill() instanceof Color c && c.getOpacity() > 0.99) {
                        return c;
                    }
                }
            }
        }
        return Color.WHITE;
    }
}
