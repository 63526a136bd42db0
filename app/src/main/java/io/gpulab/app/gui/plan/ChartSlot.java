package io.gpulab.app.gui.plan;

import java.util.Optional;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * Where a chart stands in the Plan view: the chart, or, when it has nothing to show, its "none" sentence in its place
 * ({@link io.gpulab.engine.plan.EmptyCharts}, as the decision report says it) instead of an empty frame.
 */
final class ChartSlot extends StackPane {

    private final Region chart;
    private final Label none = new Label();

    ChartSlot(Region chart, String id) {
        this.chart = chart;
        none.setId(id);
        none.setWrapText(true);
        none.setAlignment(Pos.CENTER);
        none.setMaxWidth(Double.MAX_VALUE);
        none.setPadding(new Insets(12));
        none.getStyleClass().add("chart-none");
        none.setVisible(false);
        setMinSize(0, 0);
        getChildren().setAll(chart, none);
    }

    /** Shows the chart, or the sentence that stands for it. */
    void show(Optional<String> noneSentence) {
        none.setText(noneSentence.orElse(""));
        none.setVisible(noneSentence.isPresent());
        chart.setVisible(noneSentence.isEmpty());
    }
}
