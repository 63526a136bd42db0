package io.gpulab.app.gui.view;

import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.layout.Pane;

/**
 * A worker's cards in rows of equal-width columns that use the worker's whole width: as many columns
 * as fit at {@link #MIN_CARD} each (never more than there are cards), so one card fills a narrow
 * worker and eight cards spread across a wide one instead of stacking in one column.
 */
public final class CardFlow extends Pane {

    /** Narrowest a card tile gets: its longest metric line ("60,000 / 81,920 MB") plus the caption. */
    public static final double MIN_CARD = 200;
    static final double GAP = 8;

    public CardFlow(List<? extends Node> cards) {
        getStyleClass().add("card-flow");
        getChildren().setAll(cards);
    }

    /** Columns at this content width. */
    static int columns(double width, int cards) {
        int fit = (int) Math.floor((width + GAP) / (MIN_CARD + GAP));
        return Math.max(1, Math.min(Math.max(1, cards), fit));
    }

    private double columnWidth(double width, int cols) {
        return Math.max(0, Math.floor((width - GAP * (cols - 1)) / cols));
    }

    /** Height depends on width: parents must ask with the width they will give. */
    @Override
    public Orientation getContentBias() {
        return Orientation.HORIZONTAL;
    }

    @Override
    protected double computeMinWidth(double height) {
        Insets in = getInsets();
        return Math.min(MIN_CARD, 120) + in.getLeft() + in.getRight();
    }

    @Override
    protected double computePrefWidth(double height) {
        Insets in = getInsets();
        int n = getManagedChildren().size();
        return Math.max(1, n) * (MIN_CARD + GAP) - GAP + in.getLeft() + in.getRight();
    }

    @Override
    protected double computePrefHeight(double width) {
        Insets in = getInsets();
        double w = (width < 0 ? computePrefWidth(-1) : width) - in.getLeft() - in.getRight();
        List<Node> cards = getManagedChildren();
        int cols = columns(w, cards.size());
        double cw = columnWidth(w, cols);
        double h = 0;
        for (int i = 0; i < cards.size(); i += cols) {
            h += rowHeight(cards, i, cols, cw) + (i == 0 ? 0 : GAP);
        }
        return h + in.getTop() + in.getBottom();
    }

    private static double rowHeight(List<Node> cards, int from, int cols, double cw) {
        double h = 0;
        for (int k = from; k < Math.min(cards.size(), from + cols); k++) {
            h = Math.max(h, cards.get(k).prefHeight(cw));
        }
        return h;
    }

    @Override
    protected void layoutChildren() {
        Insets in = getInsets();
        double w = getWidth() - in.getLeft() - in.getRight();
        List<Node> cards = getManagedChildren();
        int cols = columns(w, cards.size());
        double cw = columnWidth(w, cols);
        double y = in.getTop();
        for (int i = 0; i < cards.size(); i += cols) {
            double rh = rowHeight(cards, i, cols, cw);
            for (int k = i; k < Math.min(cards.size(), i + cols); k++) {
                cards.get(k).resizeRelocate(snapPositionX(in.getLeft() + (k - i) * (cw + GAP)), snapPositionY(y),
                        cw, rh);
            }
            y += rh + GAP;
        }
    }
}
