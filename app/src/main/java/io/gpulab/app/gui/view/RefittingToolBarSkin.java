package io.gpulab.app.gui.view;

import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.control.ToolBar;
import javafx.scene.control.skin.ToolBarSkin;

/**
 * JavaFX's ToolBar skin, sorting the items between the bar and its overflow menu (») again whenever their preferred
 * widths change. The stock skin sorts only when the bar's width or its list of items changes, so an item that grew
 * (the "edited" badge, "✓ Scenario played", presentation mode's larger type) squeezed the one item that may shrink,
 * the scenario's name, down to "…", where moving one more action to the overflow menu keeps every item whole.
 */
final class RefittingToolBarSkin extends ToolBarSkin {

    /** Sorts in a row, a guard against two widths taking turns (an item's width in the menu and on the bar). */
    private static final int MAX_SORTS_IN_A_ROW = 4;

    /** The items' preferred widths when they were last sorted. */
    private double sortedFor = -1;
    private int sortsInARow;

    RefittingToolBarSkin(ToolBar bar) {
        super(bar);
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        double wanted = 0;
        for (Node n : getSkinnable().getItems()) {
            if (n.isManaged()) {
                wanted += snapSizeX(n.prefWidth(-1));
            }
        }
        if (wanted != sortedFor && sortsInARow < MAX_SORTS_IN_A_ROW) {
            sortedFor = wanted;
            sortsInARow++;
            // a change of the items list is what the stock skin sorts on; a permutation that leaves every item in
            // its place takes none off the bar (setting the same items again did, and with them the keyboard focus)
            FXCollections.sort(getSkinnable().getItems(), (a, b) -> 0);
        }
        super.layoutChildren(x, y, w, h);
    }

    /** The items' texts changed (a new lab state, presentation mode): the guard starts over. */
    void startOver() {
        sortsInARow = 0;
    }
}
