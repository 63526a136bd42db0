package io.gpulab.app.gui.view;

import io.gpulab.app.gui.export.FramedPicture;
import io.gpulab.app.gui.vm.InspectorModel;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * A slide's inspector and trace laid out for the slide (docs/workbench.md, "Slides"): whole, with no scroll bar and
 * no line cut with "…". Where they do not fit the room at the workbench's type, the type is drawn smaller, down to
 * {@link #FLOOR} of its size; where they still do not fit, the inspector's last sections give way to a line saying
 * it continues in the workbench, and the trace stays whole; a pending pod's "Why it does not run" never gives way.
 * The two panels are lent from the window for the picture and put back by {@link #close}. FX thread.
 */
final class SlideSide implements AutoCloseable {

    /** The smallest type a slide uses, as a share of the workbench's: 11 px text becomes 8.8 px. */
    static final double FLOOR = 0.8;
    private static final double[] TYPE = {1, 0.9, FLOOR};

    private final SplitPane split;
    private final List<Node> items;
    private final double[] dividers;
    private final VBox box = new VBox();
    private final List<Runnable> undo = new ArrayList<>();
    private final double width;
    private final double height;
    private final boolean leaveOut;
    private double type = 1;
    private int sectionsLeftOut;
    private boolean fits;

    /**
     * Lends the panels of {@code split} to a scene of their own, laid out {@code width × height}.
     *
     * @param leaveOut whether the inspector's last sections may give way where the panels do not fit at the
     *                 smallest type ({@link #fits} says whether they fit without)
     */
    SlideSide(SplitPane split, double width, double height, boolean leaveOut) {
        this.leaveOut = leaveOut;
        this.split = split;
        this.width = width;
        this.height = height;
        items = List.copyOf(split.getItems());
        dividers = split.getDividerPositions();
        List<String> sheets = split.getScene() != null ? List.copyOf(split.getScene().getStylesheets())
                : List.of(Theme.BASE);
        split.getItems().clear();
        box.getChildren().setAll(items);
        // "root" so the theme's looked-up colours apply in the scene the slide lends them to
        box.getStyleClass().addAll("root", "slide-side");
        box.getStylesheets().setAll(sheets);
        Group group = new Group(box);
        // a Group sizes its children to their preferred size whenever the scene is laid out (the snapshot does):
        // the panels keep the slide's width instead of one line per text
        group.setAutoSizeChildren(false);
        new Scene(group);
        box.applyCss();
        for (Node n : box.lookupAll(".scroll-pane")) {
            if (n instanceof ScrollPane s) {
                var h = s.getHbarPolicy();
                var v = s.getVbarPolicy();
                double pref = s.getPrefViewportHeight();
                s.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
                s.setVbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
                undo.add(() -> {
                    s.setHbarPolicy(h);
                    s.setVbarPolicy(v);
                    s.setPrefViewportHeight(pref);
                    s.setMaxHeight(Region.USE_COMPUTED_SIZE);
                });
            }
        }
        for (Node n : box.lookupAll(".label")) {
            // one-line texts cut with their full text on hover: nobody hovers over a slide, so they wrap
            if (n instanceof Label l && !l.isWrapText()) {
                undo.add(() -> l.setWrapText(false));
                l.setWrapText(true);
            }
        }
        fit();
    }

    private void fit() {
        for (double t : TYPE) {
            type = t;
            if (layOut() <= height / type + 0.5) {
                fits = true;
                return;
            }
        }
        // at the floor: the inspector's last sections give way, the trace stays whole
        ScrollPane inspector = scrollOf(items.get(0));
        if (!leaveOut || inspector == null || !(inspector.getContent() instanceof VBox sheet)) {
            return;
        }
        WordWrapLabel more = new WordWrapLabel("", "note");
        more.setId("slide-continues");
        ((VBox) items.get(0)).getChildren().add(more);
        undo.add(() -> ((VBox) items.get(0)).getChildren().remove(more));
        // a section is its title and the rows under it: they give way together, never a title left without rows
        List<Integer> starts = new ArrayList<>();
        List<Node> nodes = sheet.getChildren();
        for (int i = 0; i < nodes.size(); i++) {
            if (i == 0 || nodes.get(i).getStyleClass().contains("section-title")) {
                starts.add(i);
            }
        }
        // every section may give way (the inspector's title and this line stay): the trace is what the slide is for;
        // but a pending pod's "Why it does not run" is what its slide is for: it stays, first
        int kept = !starts.isEmpty() && nodes.get(starts.get(0)) instanceof Label first
                && InspectorModel.WHY.equalsIgnoreCase(first.getText()) ? 1 : 0;
        while (starts.size() - sectionsLeftOut > kept && layOut() > height / type + 0.5) {
            sectionsLeftOut++;
            more.setFullText(sectionsLeftOut + " more section" + (sectionsLeftOut == 1 ? "" : "s")
                    + " of the inspector did not fit this slide: select the same object in the workbench to see "
                    + "them");
            // left out, not scrolled past: nothing of them is drawn, and the sheet is as tall as what is shown
            for (Node n : nodes.subList(starts.get(starts.size() - sectionsLeftOut), nodes.size())) {
                if (n.isManaged()) {
                    n.setManaged(false);
                    n.setVisible(false);
                    undo.add(() -> {
                        n.setVisible(true);
                        n.setManaged(true);
                    });
                }
            }
        }
        if (sectionsLeftOut == starts.size()) {
            // none shown: no empty sheet above the line that says so
            inspector.setVisible(false);
            inspector.setManaged(false);
            undo.add(() -> {
                inspector.setManaged(true);
                inspector.setVisible(true);
            });
            more.setFullText("The inspector's " + sectionsLeftOut + " section" + (sectionsLeftOut == 1 ? "" : "s")
                    + " did not fit beside the whole trace on this slide: select the same object in the workbench "
                    + "to see them");
        }
        fits = layOut() <= height / type + 0.5;
    }

    /** Lays the panels out at the slide's width at this type size, each whole; returns their height. */
    private double layOut() {
        double w = Math.floor(width / type);
        for (int i = 0; i < 3; i++) {
            for (Node item : items) {
                ScrollPane s = scrollOf(item);
                if (s != null && s.getContent() instanceof Region c && !(s.getMaxHeight() == Region.USE_PREF_SIZE)) {
                    double vw = s.getViewportBounds().getWidth() > 0 ? s.getViewportBounds().getWidth() : w;
                    s.setPrefViewportHeight(Math.ceil(c.prefHeight(vw)));
                }
            }
            box.resize(w, Math.max(box.prefHeight(w), height / type));
            box.applyCss();
            box.layout();
        }
        return box.prefHeight(w);
    }

    private static ScrollPane scrollOf(Node item) {
        if (item instanceof javafx.scene.Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                if (c instanceof ScrollPane s) {
                    return s;
                }
            }
        }
        return null;
    }

    /** The laid-out panels (for checks). */
    VBox root() {
        return box;
    }

    /** The share of the workbench's type size the slide uses. */
    double type() {
        return type;
    }

    /** Whether the panels, with the sections left out, fit the slide's height whole. */
    boolean fits() {
        return fits;
    }

    /** How many of the inspector's sections gave way (0 when it is whole). */
    int sectionsLeftOut() {
        return sectionsLeftOut;
    }

    /** The panels as drawn on the slide: {@code width·scale × height·scale} pixels. */
    WritableImage snapshot(double scale) {
        return FramedPicture.snapshot(box, scale * type, FramedPicture.pixels(width, scale),
                FramedPicture.pixels(height, scale));
    }

    @Override
    public void close() {
        for (int i = undo.size() - 1; i >= 0; i--) {
            undo.get(i).run();
        }
        box.getChildren().clear();
        split.getItems().setAll(items);
        split.setDividerPositions(dividers);
    }
}
