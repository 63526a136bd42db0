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
import javafx.scene.layout.HBox;
import javafx.scene.paint.Color;
import javafx.scene.transform.Transform;

/**
 * A slide-ready image: the lab canvas without palette, toolbar or UI hints ("drop a pod here" and the
 * like), with the inspector and trace beside it only when something is selected, and the caption strip.
 * Hints are hidden for the snapshot and restored right after; runs on the FX thread.
 */
final class SlideExport {

    private SlideExport() {
    }

    static long write(Node canvas, Node inspector, boolean selection, double scale, Caption caption, boolean dark,
                      Path file) throws IOException {
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
                layout(inspector);
                image = side(left, snapshot(inspector, scale));
            }
            return PngExporter.writePng(PngExporter.withCaption(image, scale, caption, dark), file);
        } finally {
            hints.forEach(h -> {
                h.setManaged(true);
                h.setVisible(true);
            });
            layout(canvas);
        }
    }

    private static WritableImage side(WritableImage left, WritableImage right) {
        int w = (int) (left.getWidth() + right.getWidth());
        int h = (int) Math.max(left.getHeight(), right.getHeight());
        WritableImage out = new WritableImage(w, h);
        var pw = out.getPixelWriter();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                pw.setColor(x, y, Color.TRANSPARENT);
            }
        }
        pw.setPixels(0, 0, (int) left.getWidth(), (int) left.getHeight(), left.getPixelReader(), 0, 0);
        pw.setPixels((int) left.getWidth(), 0, (int) right.getWidth(), (int) right.getHeight(),
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
