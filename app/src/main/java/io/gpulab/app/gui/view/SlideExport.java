package io.gpulab.app.gui.view;

import io.gpulab.app.gui.export.Caption;
import io.gpulab.app.gui.export.PngExporter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.scene.transform.Transform;

/**
 * A slide-ready image: the lab canvas without palette, toolbar or UI hints ("drop a pod here" and the
 * like), with the inspector and trace beside it only when something is selected, and the caption strip.
 * Hints are hidden for the snapshot and restored right after; runs on the FX thread.
 */
final class SlideExport {

    private SlideExport() {
    }

    static long write(Node canvas, Region inspector, boolean selection, double scale, Caption caption, boolean dark,
                      Path file, boolean force) throws IOException {
        List<Node> hints = new ArrayList<>();
        collectHints(canvas, hints);
        if (selection) {
            collectHints(inspector, hints);
        }
        hints.forEach(h -> {
            h.setVisible(false);
            h.setManaged(false);
        });
        try {
            layout(canvas);
            WritableImage left = snapshot(canvas, scale);
            WritableImage image = left;
            if (selection) {
                image = side(left, besideCanvas(inspector, canvas.getLayoutBounds().getHeight(), scale));
            }
            return PngExporter.writePng(PngExporter.withCaption(image, scale, caption, dark), file, force);
        } finally {
            hints.forEach(h -> {
                h.setManaged(true);
                h.setVisible(true);
            });
            layout(canvas);
        }
    }

    /**
     * The inspector laid out exactly as tall as the canvas for the snapshot: at its window height it
     * left a dead band under a shorter canvas (or was cut under a taller one). Restored right after.
     */
    private static WritableImage besideCanvas(Region r, double height, double scale) {
        double w = r.getWidth();
        double h = r.getHeight();
        try {
            r.resize(w, height);
            layout(r);
            return snapshot(r, scale);
        } finally {
            r.resize(w, h);
            layout(r);
        }
    }

    private static WritableImage side(WritableImage left, WritableImage right) {
        int w = (int) (left.getWidth() + right.getWidth());
        // the canvas sets the height: the inspector beside it was laid out as tall (rounding aside)
        int h = (int) left.getHeight();
        // a new image is transparent: only the two pictures are copied in
        WritableImage out = new WritableImage(w, h);
        var pw = out.getPixelWriter();
        pw.setPixels(0, 0, (int) left.getWidth(), (int) left.getHeight(), left.getPixelReader(), 0, 0);
        pw.setPixels((int) left.getWidth(), 0, (int) right.getWidth(), (int) Math.min(h, right.getHeight()),
                right.getPixelReader(), 0, 0);
        return out;
    }

    private static WritableImage snapshot(Node n, double scale) {
        SnapshotParameters p = new SnapshotParameters();
        p.setTransform(Transform.scale(scale, scale));
        return n.snapshot(p, null);
    }

    private static void layout(Node n) {
        if (n instanceof Parent p) {
            p.applyCss();
            p.layout();
        }
    }

    private static void collectHints(Node n, List<Node> out) {
        if (n.isVisible() && (n.getStyleClass().contains("hint") || n.getStyleClass().contains("hint-strip"))) {
            out.add(n);
            return;
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                collectHints(c, out);
            }
        }
    }
}
