package io.gpulab.app.gui.view;

import javafx.scene.layout.Region;
import javafx.scene.shape.Line;
import javafx.scene.shape.Polygon;

/** A dashed arrow that stretches to its width: one hop of the webhook path, coloured by state. */
final class DashedArrow extends Region {

    private final Line line = new Line();
    private final Polygon head = new Polygon(0, 0, 7, 4, 0, 8);

    DashedArrow(String state) {
        line.getStyleClass().addAll("tunnel-line", state);
        head.getStyleClass().addAll("tunnel-head", state);
        getStyleClass().add("tunnel-arrow");
        getChildren().addAll(line, head);
        setMinWidth(16);
        setPrefWidth(22);
        setMinHeight(12);
    }

    @Override
    protected void layoutChildren() {
        double y = Math.round(getHeight() / 2) + 0.5;
        double w = getWidth();
        line.setStartX(4);
        line.setStartY(y);
        line.setEndX(Math.max(4, w - 11));
        line.setEndY(y);
        head.setLayoutX(w - 11);
        head.setLayoutY(y - 4);
    }
}
