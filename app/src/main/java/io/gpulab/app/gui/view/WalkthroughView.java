package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughStep;
import io.gpulab.app.gui.walkthrough.WalkthroughViewModel;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** The walkthrough panel: pick a training, follow its steps; each step ticks off when its check holds. */
public final class WalkthroughView extends VBox {

    private final WalkthroughViewModel wvm;
    private final WorkbenchViewModel vm;
    private final ComboBox<Walkthrough> picker = new ComboBox<>();
    private final Button start = new Button("Start");
    private final VBox steps = new VBox(6);
    private final Label summary = new Label();
    private final Label progress = new Label();

    public WalkthroughView(WalkthroughViewModel wvm, WorkbenchViewModel vm) {
        super(10);
        this.wvm = wvm;
        this.vm = vm;
        getStyleClass().add("walkthrough");
        setId("walkthrough");
        initializeParts();
        layoutParts();
        setupEventHandlers();
        setupValueChangedListeners();
        render();
    }

    private void initializeParts() {
        picker.getItems().setAll(wvm.available());
        picker.setConverter(new StringConverter<>() {
            @Override
            public String toString(Walkthrough w) {
                return w == null ? "" : w.title();
            }

            @Override
            public Walkthrough fromString(String s) {
                return null;
            }
        });
        if (!picker.getItems().isEmpty()) {
            picker.getSelectionModel().selectFirst();
        }
        picker.setId("walkthrough-picker");
        picker.setMaxWidth(Double.MAX_VALUE);
        start.setId("walkthrough-start");
        start.getStyleClass().add("accent");
        summary.setWrapText(true);
        summary.getStyleClass().add("muted");
        progress.getStyleClass().add("section-title");
        progress.setId("walkthrough-progress");
    }

    private void layoutParts() {
        HBox.setHgrow(picker, Priority.ALWAYS);
        HBox top = new HBox(6, picker, start);
        top.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(top, summary, progress, steps);
    }

    private void setupEventHandlers() {
        start.setOnAction(e -> {
            Walkthrough w = picker.getValue();
            if (w != null) {
                wvm.start(w);
                vm.open(w.scenario());
            }
        });
    }

    private void setupValueChangedListeners() {
        wvm.currentProperty().addListener((o, a, b) -> render());
        wvm.stepIndexProperty().addListener((o, a, b) -> render());
        picker.valueProperty().addListener((o, a, b) -> summary.setText(b == null ? "" : b.summary()));
        summary.setText(picker.getValue() == null ? "" : picker.getValue().summary());
    }

    private void render() {
        steps.getChildren().clear();
        Walkthrough w = wvm.currentProperty().get();
        if (w == null) {
            progress.setText("Pick a walkthrough and press Start");
            return;
        }
        int at = wvm.stepIndexProperty().get();
        progress.setText(wvm.finishedProperty().get() || at >= w.steps().size()
                ? "✓ " + w.title() + " — complete" : "Step " + (at + 1) + " of " + w.steps().size());
        for (int i = 0; i < w.steps().size(); i++) {
            steps.getChildren().add(step(w.steps().get(i), i, at));
        }
    }

    private static VBox step(WalkthroughStep s, int i, int at) {
        String state = i < at ? "done" : i == at ? "current" : "todo";
        Label mark = new Label(i < at ? "✓" : String.valueOf(i + 1));
        mark.getStyleClass().addAll("step-mark", state);
        Label title = new Label(s.title());
        title.getStyleClass().add("step-title");
        title.setWrapText(true);
        HBox head = new HBox(8, mark, title);
        head.setAlignment(Pos.CENTER_LEFT);
        VBox box = new VBox(4, head);
        box.getStyleClass().addAll("walkthrough-step", state);
        box.setId("wt-step-" + i);
        if (i == at) {
            Label text = new Label(s.text());
            text.setWrapText(true);
            Label action = new Label("Do: " + s.action());
            action.setWrapText(true);
            action.getStyleClass().add("step-action");
            box.getChildren().addAll(text, action);
        }
        return box;
    }
}
