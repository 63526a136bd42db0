package io.gpulab.app.gui.view;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.MigInstanceView;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * A MIG card's memory slices left to right: each instance in use as a block over its slices, labelled with its
 * profile (pod in the tooltip), free slices as empty track. What HAMi's placement rule sees: a request fails with
 * {@code CardMigTopologyInfeasible} when no allowed profile fits into the free gaps.
 */
public final class MigStrip extends VBox {

    private static final double HEIGHT = 16;

    public MigStrip(CardView card) {
        super(2);
        getStyleClass().add("mig-strip");
        setId("mig-" + card.id());
        var css = MigStrip.class.getResource(QuotaFillView.STYLESHEET);
        if (css != null) {
            getStylesheets().add(css.toExternalForm());
        }
        int slices = card.migSlices();
        Pane track = new Pane() {
            @Override
            protected void layoutChildren() {
                double w = getWidth();
                double unit = w / slices;
                for (javafx.scene.Node n : getChildren()) {
                    int[] span = (int[]) n.getUserData();
                    n.resizeRelocate(Math.round(span[0] * unit) + 1, 0, Math.max(2, Math.round(span[1] * unit) - 2),
                            HEIGHT);
                }
            }
        };
        track.setMinHeight(HEIGHT);
        track.setPrefHeight(HEIGHT);
        track.setMaxWidth(Double.MAX_VALUE);
        boolean[] used = new boolean[slices];
        for (MigInstanceView m : card.migInstances()) {
            for (int s = m.start(); s < Math.min(slices, m.start() + m.size()); s++) {
                used[s] = true;
            }
        }
        for (int s = 0; s < slices; s++) {
            if (!used[s]) {
                Region free = new Region();
                free.getStyleClass().add("mig-free");
                free.setUserData(new int[] {s, 1});
                track.getChildren().add(free);
            }
        }
        for (MigInstanceView m : card.migInstances()) {
            Label l = new Label(m.profile());
            l.getStyleClass().add("mig-label");
            StackPane block = new StackPane(l);
            block.getStyleClass().add("mig-instance");
            block.setAlignment(Pos.CENTER);
            block.setUserData(new int[] {m.start(), m.size()});
            Tooltip.install(block, new Tooltip(m.profile() + " on slices " + m.start() + "-"
                    + (m.start() + m.size() - 1) + ": " + m.pod()));
            track.getChildren().add(block);
        }
        Label caption = new Label("MIG: " + card.migInstances().size() + " instance(s), "
                + (slices - countUsed(used)) + " of " + slices + " slices free");
        caption.getStyleClass().add("mig-caption");
        getChildren().addAll(new HBox(caption), track);
    }

    private static int countUsed(boolean[] used) {
        int n = 0;
        for (boolean b : used) {
            if (b) {
                n++;
            }
        }
        return n;
    }
}
