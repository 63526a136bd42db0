package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.LabHistory;
import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.TimeTravel;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The timeline under the canvas: one stop per lab version (as opened, then after each action, resets
 * included). Dragging back shows the lab, its events and traces as they were, read-only; "Return to
 * now" (or dragging to the right end) goes back to the live lab.
 */
public final class TimelineBar extends HBox {

    private final WorkbenchViewModel vm;
    private final Slider slider = new Slider(0, 0, 0);
    /** Evidence (which version, when, after what): wrapped, never cut; the slider gives way first. */
    private final WordWrapLabel where = new WordWrapLabel("", "muted");
    private final Button now = new Button("Return to now");
    private boolean updating;

    public TimelineBar(WorkbenchViewModel vm) {
        super(10);
        this.vm = vm;
        getStyleClass().add("timeline-bar");
        setId("timeline");
        setAlignment(Pos.CENTER_LEFT);
        Label title = new Label("TIMELINE");
        title.getStyleClass().add("section-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        slider.setId("timeline-slider");
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setSnapToTicks(true);
        slider.setBlockIncrement(1);
        // the slider gives way before the line and takes the room the line leaves
        slider.setMinWidth(100);
        slider.setPrefWidth(100);
        slider.setMaxWidth(480);
        slider.setTooltip(new Tooltip("Drag back to see the lab, its events and traces as they were (read-only)"));
        now.setId("timeline-now");
        now.setMinWidth(Region.USE_PREF_SIZE);
        now.setOnAction(e -> vm.past().returnToNow());
        HBox.setHgrow(slider, Priority.ALWAYS);
        where.setMaxWidth(Region.USE_PREF_SIZE);
        where.setMinWidth(180);
        where.setMinHeight(Region.USE_PREF_SIZE);
        where.setId("timeline-where");
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.SOMETIMES);
        getChildren().addAll(title, slider, where, gap, now);
        slider.valueProperty().addListener((o, a, b) -> {
            if (!updating && !slider.isValueChanging()) {
                go((int) Math.round(b.doubleValue()));
            }
        });
        slider.valueChangingProperty().addListener((o, was, is) -> {
            if (!is) {
                go((int) Math.round(slider.getValue()));
            }
        });
        vm.history().versionsProperty().addListener((o, a, b) -> render());
        vm.past().pastProperty().addListener((o, a, b) -> render());
        render();
    }

    private void go(int index) {
        TimeTravel shown = vm.past().pastProperty().get();
        int last = vm.history().timeline().size();
        if (index >= last ? shown != null : shown == null || shown.index() != index) {
            vm.past().showVersion(index);
        }
    }

    private void render() {
        List<LabHistory.Action> timeline = vm.history().timeline();
        TimeTravel shown = vm.past().pastProperty().get();
        int at = shown == null ? timeline.size() : shown.index();
        updating = true;
        slider.setMax(Math.max(1, timeline.size()));
        slider.setValue(at);
        slider.setDisable(timeline.isEmpty() || !vm.simulated());
        updating = false;
        // only a past version has a "now" to return to: live, the line takes the button's room
        now.setVisible(shown != null);
        now.setManaged(shown != null);
        pseudoClassStateChanged(javafx.css.PseudoClass.getPseudoClass("past"), shown != null);
        String what = at == 0 ? "as opened" : timeline.get(at - 1).label();
        var time = at == 0 ? vm.history().openedSnapshot().now() : timeline.get(at - 1).after().now();
        // the live lab is the default: only a past version says so (and turns the bar amber)
        where.setFullText((shown == null ? "" : "viewing · ") + "version " + at + " of " + timeline.size() + " · "
                + Formats.time(time) + " · " + what);
    }
}
