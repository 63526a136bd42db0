package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
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
 * <p>
 * Under the table, the selected event whole, every column of its row, wrapped: the table cuts REASON, OBJECT and
 * MESSAGE at 1024 and 1280 px (hover only), and an older event is read, quoted and captured from there.
 */
public final class EventsDrawer extends VBox {

    static final double TABLE_HEIGHT = 170;

    private final BooleanProperty open = new SimpleBooleanProperty(true);
    private final ToggleButton toggle = new ToggleButton();
    private final WordWrapLabel latest = new WordWrapLabel("", "muted");
    private final WordWrapLabel selected = new WordWrapLabel("", "event-detail");
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
        selected.setId("events-selected");
        // wrapped, never cut, like the latest line: the canvas above gives way
        selected.setMinHeight(Region.USE_PREF_SIZE);
        getChildren().addAll(bar, table, selected);
        open.addListener((o, a, b) -> render());
        table.getSelectionModel().selectedItemProperty().addListener((o, a, e) -> render());
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
        warning(latest, last);
        table.setMinHeight(open.get() ? TABLE_HEIGHT : 0);
        table.setVisible(open.get());
        table.setManaged(open.get());
        LabEvent pick = table.getSelectionModel().getSelectedItem();
        boolean detail = open.get() && pick != null;
        if (detail) {
            String text = detail(pick);
            if (!text.equals(selected.getFullText())) {
                selected.setFullText(text);
            }
            warning(selected, pick);
        }
        selected.setVisible(detail);
        selected.setManaged(detail);
    }

    /** The selected event as its row reads, every column whole: "selected: TIME · TENANT · … · SOURCE: MESSAGE". */
    static String detail(LabEvent e) {
        return "selected: " + Formats.time(e.time()) + " · " + (e.tenant().isEmpty() ? "mgmt" : e.tenant()) + " · "
                + e.type() + " · " + e.reason() + " · " + e.object() + " · " + e.source() + ": " + e.message();
    }

    /** A style class taken off and put back restyles the label: changed only when the kind changes. */
    private static void warning(WordWrapLabel l, @org.jspecify.annotations.Nullable LabEvent e) {
        boolean warning = e != null && "Warning".equals(e.type());
        if (warning != l.getStyleClass().contains("warning-text")) {
            if (warning) {
                l.getStyleClass().add("warning-text");
            } else {
                l.getStyleClass().remove("warning-text");
            }
        }
    }
}
