package io.gpulab.app.gui.view;

import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/** HAMi sharing slots as pips: filled for used, hollow for free (e.g. 3 of 10). */
public final class SlotPips extends HBox {

    /** Beyond this many slots the pips would not fit a card tile; the label still gives the count. */
    private static final int MAX_PIPS = 20;

    public SlotPips(int used, int total) {
        super(3);
        getStyleClass().add("slot-pips");
        int shown = Math.min(total, MAX_PIPS);
        int usedShown = total <= MAX_PIPS ? used : (int) Math.round((double) used * MAX_PIPS / Math.max(1, total));
        for (int i = 0; i < shown; i++) {
            Region pip = new Region();
            pip.getStyleClass().addAll("pip", i < usedShown ? "used" : "free");
            getChildren().add(pip);
        }
    }
}
