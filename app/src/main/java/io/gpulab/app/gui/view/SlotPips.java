package io.gpulab.app.gui.view;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.Region;

/**
 * HAMi sharing slots as pips: filled for used, hollow for free (e.g. 3 of 10). The pips shrink to the
 * width they get, so a narrow card still shows all of them on its one metric line.
 */
public final class SlotPips extends Region {

    /** Beyond this many slots the pips would not fit a card tile; the label still gives the count. */
    private static final int MAX_PIPS = 20;
    private static final double PIP = 8;
    private static final double GAP = 3;

    public SlotPips(int used, int total) {
        getStyleClass().add("slot-pips");
        int shown = Math.min(total, MAX_PIPS);
        int usedShown = total <= MAX_PIPS ? used : (int) Math.round((double) used * MAX_PIPS / Math.max(1, total));
        for (int i = 0; i < shown; i++) {
            Region pip = new Region();
            pip.getStyleClass().addAll("pip", i < usedShown ? "used" : "free");
            pip.setMinSize(0, 0);
            getChildren().add(pip);
        }
    }

    @Override
    protected double computePrefWidth(double height) {
        int n = getChildren().size();
        return n * PIP + Math.max(0, n - 1) * GAP + snappedLeftInset() + snappedRightInset();
    }

    @Override
    protected double computeMinWidth(double height) {
        int n = getChildren().size();
        return n * 3 + Math.max(0, n - 1) + snappedLeftInset() + snappedRightInset();
    }

    @Override
    protected double computePrefHeight(double width) {
        return PIP + snappedTopInset() + snappedBottomInset();
    }

    @Override
    protected void layoutChildren() {
        List<Node> pips = getChildren();
        int n = pips.size();
        if (n == 0) {
            return;
        }
        double w = getWidth() - snappedLeftInset() - snappedRightInset();
        double gap = Math.min(GAP, Math.max(1, w / n * 0.25));
        double size = Math.max(2, Math.min(PIP, (w - gap * (n - 1)) / n));
        double y = snappedTopInset() + (getHeight() - snappedTopInset() - snappedBottomInset() - size) / 2;
        for (int i = 0; i < n; i++) {
            pips.get(i).resizeRelocate(snappedLeftInset() + i * (size + gap), y, size, size);
        }
    }
}
