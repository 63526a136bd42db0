package io.gpulab.app.gui.view;

import io.gpulab.app.gui.export.FramedPicture;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;

/**
 * The three views a PNG can show, each laid out for the room the picture gives it and put back as it was right
 * after (docs/workbench.md, "Exports for slides and documents"): the window; the canvas, the whole lab drawing; the
 * slide, the canvas without UI hints and, with a selection, the inspector and trace beside it. FX thread.
 */
final class ViewPictures {

    /** The slide's side panel: about a third of the picture, within these bounds. */
    static final double SIDE_MIN = 300;
    static final double SIDE_MAX = 560;
    /** The canvas's style class while a slide is drawn: it hides the hints of cards drawn anew for the slide. */
    static final String SLIDE = "slide-canvas";
    /** Laid out this much wider at most before a tall lab is drawn smaller to fit the picture's height. */
    private static final double[] WIDER = {1, 1.25, 1.5, 2};

    private ViewPictures() {
    }

    static FramedPicture.View windowView(Region window) {
        return new FramedPicture.View("window", 320, 240, FramedPicture.background(window));
    }

    static FramedPicture.View canvasView(TopologyView topology) {
        return new FramedPicture.View("canvas", 320, 120, FramedPicture.background(topology.snapshotTarget()));
    }

    static FramedPicture.View slideView(TopologyView topology, boolean selection) {
        return new FramedPicture.View("slide", selection ? TopologyView.MIN_PANEL + SIDE_MIN : 320, 120,
                FramedPicture.background(topology.snapshotTarget()));
    }

    /** The window laid out at the picture's size. */
    static WritableImage window(Region window, double width, double height, double scale) {
        double w0 = window.getWidth();
        double h0 = window.getHeight();
        boolean managed = window.isManaged();
        try {
            // unmanaged, its parent does not size it back when the snapshot lays the scene out
            window.setManaged(false);
            window.resize(width, height);
            settle(window);
            return FramedPicture.snapshot(window, scale, FramedPicture.pixels(width, scale),
                    FramedPicture.pixels(height, scale));
        } finally {
            // a scene's root is as large as its scene (the workbench's presentation zoom divides what it is given)
            if (window.getScene() != null && window.getScene().getRoot() == window) {
                window.resize(window.getScene().getWidth(), window.getScene().getHeight());
            } else {
                window.resize(w0, h0);
            }
            window.setManaged(managed);
            settle(window);
        }
    }

    /**
     * The whole lab drawing at the picture's width; a drawing taller than the picture is laid out wider (more
     * tenants a row) up to twice, then drawn smaller to fit whole, centred on the canvas background.
     */
    static WritableImage canvas(TopologyView topology, double width, double height, double scale) {
        double w0 = topology.getWidth();
        double h0 = topology.getHeight();
        var hbar = topology.getHbarPolicy();
        var vbar = topology.getVbarPolicy();
        Region content = (Region) topology.snapshotTarget();
        boolean managed = topology.isManaged();
        try {
            topology.setManaged(false);
            // the drawing itself, not a window onto it: no scroll bar takes width from it
            topology.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            topology.setVbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
            for (double f : WIDER) {
                topology.resize(width * f, height * f);
                settle(topology);
                if (content.getHeight() <= height * f + 0.5) {
                    break;
                }
            }
            double k = Math.min(scale * width / content.getWidth(), scale * height / content.getHeight());
            k = Math.min(k, scale);
            return FramedPicture.snapshot(content, k, Math.min(FramedPicture.pixels(width, scale),
                    FramedPicture.pixels(content.getWidth(), k)), Math.min(FramedPicture.pixels(height, scale),
                    FramedPicture.pixels(content.getHeight(), k)));
        } finally {
            topology.setHbarPolicy(hbar);
            topology.setVbarPolicy(vbar);
            topology.resize(w0, h0);
            topology.setManaged(managed);
            settle(topology);
        }
    }

    /**
     * The slide: the canvas without hints, and with a selection the inspector and trace beside it, as tall as the
     * picture. Hints are hidden for the picture and shown again right after.
     */
    static WritableImage slide(TopologyView topology, Region inspector, boolean selection, double width,
                               double height, double scale) {
        List<Node> hints = new ArrayList<>();
        collectHints(topology, hints);
        if (selection) {
            collectHints(inspector, hints);
        }
        hints.forEach(h -> {
            h.setVisible(false);
            h.setManaged(false);
        });
        // the canvas laid out at the slide's size draws its cards anew, with hints of their own: the style hides them
        topology.getStyleClass().add(SLIDE);
        try {
            if (!selection) {
                return canvas(topology, width, height, scale);
            }
            javafx.scene.control.SplitPane panels = (javafx.scene.control.SplitPane) inspector;
            double side = sideWidth(panels, width, height);
            double left = width - side;
            WritableImage out = new WritableImage(FramedPicture.pixels(width, scale),
                    FramedPicture.pixels(height, scale));
            int leftPx = FramedPicture.pixels(left, scale);
            int h = FramedPicture.pixels(height, scale);
            FramedPicture.fill(out, 0, 0, leftPx, h, FramedPicture.background(topology.snapshotTarget()));
            WritableImage drawing = canvas(topology, left, height, scale);
            FramedPicture.paste(out, drawing, (leftPx - (int) Math.min(leftPx, drawing.getWidth())) / 2, 0, leftPx, h);
            try (SlideSide whole = new SlideSide(panels, side, height, true)) {
                FramedPicture.paste(out, whole.snapshot(scale), leftPx, 0, (int) out.getWidth() - leftPx, h);
            }
            return out;
        } finally {
            topology.getStyleClass().remove(SLIDE);
            hints.forEach(h -> {
                h.setManaged(true);
                h.setVisible(true);
            });
            settle(topology);
        }
    }

    /**
     * The slide's side panel width: a third of the slide (300 to 560 px), widened up to half the slide where the
     * inspector and trace do not fit the slide's height whole at the smallest type (wrapped lines take less height
     * on a wider panel); only past that do the inspector's last sections give way.
     */
    static double sideWidth(javafx.scene.control.SplitPane panels, double width, double height) {
        double third = Math.floor(Math.max(SIDE_MIN, Math.min(SIDE_MAX, width / 3)));
        double[] tries = {third, Math.floor(Math.max(third, width * 0.4)), Math.floor(Math.max(third, width / 2))};
        for (double side : tries) {
            try (SlideSide trial = new SlideSide(panels, side, height, false)) {
                if (trial.fits()) {
                    return side;
                }
            }
        }
        return tries[tries.length - 1];
    }

    /** CSS and layout until nothing changes: a size change re-renders the canvas during layout. */
    private static void settle(Node n) {
        if (n instanceof Parent p) {
            for (int i = 0; i < 3; i++) {
                p.applyCss();
                p.layout();
            }
        }
    }

    /** The UI hints a slide leaves out of {@code n} ({@code .hint}, {@code .hint-strip}), those shown now. */
    static List<Node> hintsOf(Node n) {
        List<Node> out = new ArrayList<>();
        collectHints(n, out);
        return out;
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
