package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabEvent;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The event log under the canvas as a drawer: a bar with the count and the latest event, and the table when open. On
 * short windows it starts closed so the canvas keeps the height. The bar's latest event (reason, object, message) is
 * wrapped, never cut, open or closed: it was "… 0/1 nodes are availa…" at every size, and the table below, whose seven
 * columns share 540 px at 1024x768, cuts it too (hover shows a cell whole) and may be scrolled away from it.
 */
public final class EventsDrawer extends VBox {

    static final double TABLE_HEIGHT = 170;

    private final BooleanProperty open = new SimpleBooleanProperty(true);
    private final ToggleButton toggle = new ToggleButton();
    private final WordWrapLabel latest = new WordWrapLabel("", "muted");
    private final EventsView table;
    private final WorkbenchViewModel vm;

    public EventsDrawer(WorkbenchViewModel vm) {
        this.vm = vm;
        this.table = new EventsView(vm);
        getStyleClass().add("events-drawer");
        setId("events-drawer");
        toggle.setId("events-toggle");
        toggle.getStyleClass().add("drawer-toggle");
        toggle.setMinWidth(Region.USE_PREF_SIZE);
        toggle.selectedProperty().bindBidirectional(open);
        latest.setId("events-latest");
        // wrapped, never cut: the canvas above gives way (the centre column shrinks it first)
        latest.setMinHeight(Region.USE_PREF_SIZE);
        HBox.setHgrow(latest, Priority.ALWAYS);
        HBox bar = new HBox(8, toggle, latest);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("drawer-bar");
        table.setPrefHeight(TABLE_HEIGHT);
        getChildren().addAll(bar, table);
        open.addListener((o, a, b) -> render());
        vm.events().addListener((ListChangeListener<LabEvent>) c -> render());
        render();
    }

    public BooleanProperty openProperty() {
        return open;
    }

    private void render() {
        int n = vm.events().size();
        toggle.setText((open.get() ? "▾" : "▸") + " Events (" + n + ")");
        LabEvent last = n == 0 ? null : vm.events().get(n - 1);
        String line = last == null ? "" : "latest: " + last.reason() + " · " + last.object() + " · " + last.message();
        if (!line.equals(latest.getFullText())) {
            latest.setFullText(line);
        }
        // a style class taken off and put back restyles the label: change it only when the kind changes
        boolean warning = last != null && "Warning".equals(last.type());
        if (warning != latest.getStyleClass().contains("warning-text")) {
            if (warning) {
                latest.getStyleClass().add("warning-text");
            } else {
                latest.getStyleClass().remove("warning-text");
            }
        }
        table.setMinHeight(open.get() ? TABLE_HEIGHT : 0);
        table.setVisible(open.get());
        table.setManaged(open.get());
    }
}
