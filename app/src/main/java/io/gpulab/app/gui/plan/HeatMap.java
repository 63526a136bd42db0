package io.gpulab.app.gui.plan;

import io.gpulab.engine.plan.CardHeat;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import org.jspecify.annotations.Nullable;

/**
 * The chosen candidate's cards at the end of its replay: one square per card, a worker's cards side by side,
 * white idle to dark blue fully booked (the larger of memory and compute). Redrawn on resize.
 */
final class HeatMap extends Pane {

    private final Canvas canvas = new Canvas();
    private @Nullable CardHeat heat;

    HeatMap() {
        setId("plan-heat-map");
        getChildren().add(canvas);
        setMinHeight(60);
        setPrefHeight(110);
        widthProperty().addListener((o, a, b) -> draw());
        heightProperty().addListener((o, a, b) -> draw());
    }

    void show(@Nullable CardHeat h) {
        heat = h;
        draw();
    }

    private void draw() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.clearRect(0, 0, getWidth(), getHeight());
        CardHeat h = heat;
        if (h == null || h.workers() == 0 || getWidth() <= 0) {
            return;
        }
        int cells = h.workers() * h.cardsPerWorker();
        double cell = Math.max(2, Math.min(14, Math.floor(Math.sqrt(getWidth() * getHeight() / (cells * 1.4)))));
        double gap = Math.max(1, cell / 2);
        double blockW = h.cardsPerWorker() * cell + gap;
        int perRow = Math.max(1, (int) (getWidth() / blockW));
        for (int w = 0; w < h.workers(); w++) {
            double x = (w % perRow) * blockW;
            double y = (w / perRow) * (cell + gap);
            if (y + cell > getHeight()) {
                break;
            }
            for (int c = 0; c < h.cardsPerWorker(); c++) {
                double f = h.booked(w, c) / 100.0;
                g.setFill(Color.color(1 - f, 1 - f * 0.553, 1 - f * 0.302));
                g.fillRect(x + c * cell, y, cell - 0.5, cell - 0.5);
            }
        }
    }
}
