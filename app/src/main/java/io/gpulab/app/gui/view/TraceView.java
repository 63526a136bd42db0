package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.PodTrace;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The trace timeline of the selected pod: create → admission → filter → bind → lock → allocate →
 * run, each stage with its outcome and the evidence (annotations, events, lock changes).
 */
public final class TraceView extends VBox {

    /** Evidence up to this many characters wraps whole; longer (an annotation's JSON) is one line, whole on hover. */
    static final int WRAPPED_EVIDENCE = 160;

    private final VBox steps = new VBox(0);
    private final Label title = new Label("Trace");
    private final WorkbenchViewModel vm;

    public TraceView(WorkbenchViewModel vm) {
        super(6);
        this.vm = vm;
        getStyleClass().add("trace-view");
        title.getStyleClass().add("panel-title");
        ScrollPane scroll = new ScrollPane(steps);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("trace-scroll");
        steps.setId("trace-steps");
        getChildren().addAll(title, scroll);
        vm.traceProperty().addListener((o, a, t) -> render(t));
        render(vm.traceProperty().get());
    }

    private void render(PodTrace t) {
        steps.getChildren().clear();
        if (t == null) {
            title.setText("Trace — select a pod");
            return;
        }
        title.setText("Trace  " + t.podKey());
        for (int i = 0; i < t.steps().size(); i++) {
            steps.getChildren().add(step(t.steps().get(i), i == t.steps().size() - 1, vm.snapshot().now()));
        }
    }

    private static HBox step(PodTrace.Step s, boolean last, java.time.Instant now) {
        String tone = switch (s.outcome()) {
            case OK -> "ok";
            case FAILED -> "error";
            case WAITING -> "warn";
            case SKIPPED -> "idle";
        };
        Region dot = new Region();
        dot.getStyleClass().addAll("trace-dot", tone);
        Region rail = new Region();
        rail.getStyleClass().add(last ? "trace-rail-end" : "trace-rail");
        VBox marker = new VBox(0, dot, rail);
        marker.setAlignment(Pos.TOP_CENTER);
        marker.setMinWidth(18);
        VBox.setVgrow(rail, javafx.scene.layout.Priority.ALWAYS);
        Label stage = new Label(s.stage().toUpperCase());
        stage.getStyleClass().addAll("trace-stage", tone);
        Label outcome = new Label(s.outcome().name());
        outcome.getStyleClass().addAll("trace-outcome", tone);
        HBox head = new HBox(8, stage, outcome);
        Label summary = new WordWrapLabel(s.summary(), "trace-summary");
        VBox body = new VBox(3, head, summary);
        body.setMinWidth(0);
        HBox.setHgrow(body, javafx.scene.layout.Priority.ALWAYS);
        // the engine keeps evidence in the order it happened: show it that way
        s.evidence().forEach((k, v) -> {
            // evidence is keys, paths and annotations: a key or path wraps whole (the DataStore key was cut to a
            // hover in a 290 px panel); a long value (an annotation's JSON) stays one line, cut, whole on hover
            // gpulab's own evidence ("lock expires") reads the lab's clock; an annotation's value and an event's
            // message are quoted as written
            String line = k + ": " + (k.contains("/") || k.startsWith("event ") ? v : Formats.labText(v, now));
            if (line.length() <= WRAPPED_EVIDENCE) {
                // a key is one word: broken after its "/" rather than anywhere JavaFX runs out of room
                body.getChildren().add(new WordWrapLabel(line, "evidence").breakingPaths());
            } else {
                body.getChildren().add(Texts.clipped(line, "evidence"));
            }
        });
        body.getStyleClass().add("trace-body");
        HBox row = new HBox(8, marker, body);
        row.getStyleClass().add("trace-step");
        return row;
    }
}
