package io.gpulab.app.gui.plan;

import java.util.Optional;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * Where a chart stands in the Plan view: the chart, or, when it has nothing to show, its "none" sentence in its place
 * ({@link io.gpulab.engine.plan.EmptyCharts}, as the decision report says it) instead of an empty frame: the first
 * sentence ("Stranded at the end: none.") where the chart's title stood, in its size, the rest under it.
 */
final class ChartSlot extends StackPane {

    private final Region chart;
    private final Label title = new Label();
    private final Label none = new Label();
    private final VBox sentence = new VBox(10, title, none);

    ChartSlot(Region chart, String id) {
        this.chart = chart;
        none.setId(id);
        none.setWrapText(true);
        title.setWrapText(true);
        // Modena's chart title size, so the slot reads as the chart's place
        title.setStyle("-fx-font-size: 1.6em;");
        title.setMinHeight(Region.USE_PREF_SIZE);
        none.setMinHeight(Region.USE_PREF_SIZE);
        sentence.setAlignment(Pos.TOP_CENTER);
        sentence.setPadding(new Insets(5, 16, 5, 16));
        sentence.setVisible(false);
        setMinSize(0, 0);
        getChildren().setAll(chart, sentence);
    }

    /** Shows the chart, or the sentence that stands for it. */
    void show(Optional<String> noneSentence) {
        String s = noneSentence.orElse("");
        int end = s.indexOf(". ");
        title.setText(end < 0 ? s : s.substring(0, end));
        none.setText(end < 0 ? "" : s.substring(end + 2));
        // the whole sentence on the label the tests and a screen reader find
        none.setAccessibleText(s);
        sentence.setVisible(noneSentence.isPresent());
        chart.setVisible(noneSentence.isEmpty());
    }
}
