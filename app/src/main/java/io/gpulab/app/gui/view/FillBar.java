package io.gpulab.app.gui.view;

import javafx.scene.layout.Region;

/**
 * A thin horizontal fill bar (memory or compute of a card). Past 90 % it turns amber: the card is
 * nearly full, the next pod will most likely be refused.
 */
public final class FillBar extends Region {

    private final Region fill = new Region();
    private double fraction;

    public FillBar(String kind) {
        getStyleClass().addAll("fill-bar", kind);
        fill.getStyleClass().add("fill");
        getChildren().add(fill);
        setMinHeight(8);
        setPrefHeight(8);
        setMaxHeight(8);
        setPrefWidth(160);
        setMaxWidth(Double.MAX_VALUE);
    }

    /** Sets the filled share, clamped to [0, 1]. */
    public void setFraction(double value) {
        fraction = Math.max(0, Math.min(1, value));
        fill.pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("high"), fraction >= 0.9);
        requestLayout();
    }

    public double getFraction() {
        return fraction;
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth() - snappedLeftInset() - snappedRightInset();
        double h = getHeight() - snappedTopInset() - snappedBottomInset();
        fill.resizeRelocate(snappedLeftInset(), snappedTopInset(), Math.round(w * fraction), h);
    }
}
