package io.gpulab.app.gui.plan;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.Pane;

/**
 * Children side by side (or one above the other) at fixed fractions of the pane, whatever their own preferred
 * or minimum sizes: a chart asks for more room than a short window has, and a grid then lets it spill into
 * its neighbour.
 */
final class FractionPane extends Pane {

    private final boolean horizontal;
    private final double[] fractions;
    private final double gap;

    FractionPane(boolean horizontal, double gap, double[] fractions, List<? extends Node> children) {
        this.horizontal = horizontal;
        this.gap = gap;
        this.fractions = fractions.clone();
        getChildren().setAll(children);
        // any size: the children get their fractions of it, however small
        setMinSize(0, 0);
    }

    @Override
    protected void layoutChildren() {
        double along = (horizontal ? getWidth() : getHeight()) - gap * (fractions.length - 1);
        double at = 0;
        for (int i = 0; i < getChildren().size() && i < fractions.length; i++) {
            double size = Math.max(0, along * fractions[i]);
            Node n = getChildren().get(i);
            if (horizontal) {
                n.resizeRelocate(at, 0, size, getHeight());
            } else {
                n.resizeRelocate(0, at, getWidth(), size);
            }
            at += size + gap;
        }
    }
}
