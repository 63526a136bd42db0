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
    private final Label title = new Label();
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

    /**
     * Starts (or restarts) {@code w}: on its own scenario the lab is reset (Undo takes that back),
     * otherwise its scenario is opened (which asks first when actions would be lost).
     */
    public static void start(WalkthroughViewModel wvm, WorkbenchViewModel vm, Walkthrough w) {
        wvm.select(w);
        if (w.scenario().equals(vm.snapshot().scenario())) {
            if (!vm.history().isEmpty()) {
                vm.reset();
            }
        } else {
            vm.files().open(w.scenario());
        }
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
        picker.setId("walkthrough-picker");
        picker.setMaxWidth(Double.MAX_VALUE);
        start.setId("walkthrough-start");
        start.getStyleClass().add("accent");
        start.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        title.getStyleClass().add("walkthrough-title");
        title.setId("walkthrough-title");
        title.setWrapText(true);
        summary.setWrapText(true);
        summary.getStyleClass().add("muted");
        summary.setId("walkthrough-summary");
        progress.getStyleClass().add("section-title");
        progress.setId("walkthrough-progress");
        progress.setWrapText(true);
    }

    private void layoutParts() {
        HBox.setHgrow(picker, Priority.ALWAYS);
        HBox top = new HBox(6, picker, start);
        top.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(top, title, summary, progress, steps);
    }

    private void setupEventHandlers() {
        start.setOnAction(e -> {
            Walkthrough w = wvm.selectedProperty().get();
            if (w != null) {
                start(wvm, vm, w);
            }
        });
    }

    private void setupValueChangedListeners() {
        // one source of truth: the picker shows and sets the view-model's walkthrough
        picker.valueProperty().bindBidirectional(wvm.selectedProperty());
        wvm.selectedProperty().addListener((o, a, b) -> render());
        wvm.stepIndexProperty().addListener((o, a, b) -> render());
        wvm.onItsLabProperty().addListener((o, a, b) -> render());
    }

    private void render() {
        steps.getChildren().clear();
        Walkthrough w = wvm.selectedProperty().get();
        if (w == null) {
            title.setText("");
            summary.setText("");
            progress.setText("Pick a walkthrough");
            return;
        }
        title.setText(w.title());
        summary.setText(w.summary());
        boolean here = wvm.onItsLabProperty().get();
        int at = here ? wvm.stepIndexProperty().get() : -1;
        boolean done = here && wvm.finishedProperty().get();
        start.setText(here && (at > 0 || !vm.history().isEmpty()) ? "Restart" : "Start");
        progress.setText(!here ? "Start opens the " + w.scenario() + " lab"
                : done ? "✓ Complete — all " + w.steps().size() + " steps"
                : "Step " + (at + 1) + " of " + w.steps().size());
        for (int i = 0; i < w.steps().size(); i++) {
            steps.getChildren().add(step(w.steps().get(i), i, at));
        }
    }

    private static VBox step(WalkthroughStep s, int i, int at) {
        String state = at < 0 ? "todo" : i < at ? "done" : i == at ? "current" : "todo";
        Label mark = new Label(i < at ? "✓" : String.valueOf(i + 1));
        mark.getStyleClass().addAll("step-mark", state);
        mark.setId("wt-mark-" + i);
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
            action.setId("wt-action");
            box.getChildren().addAll(text, action);
        }
        return box;
    }
}
