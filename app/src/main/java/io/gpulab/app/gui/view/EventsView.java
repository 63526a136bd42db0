package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.LabEvent;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Text;
import org.jspecify.annotations.Nullable;

/** The event log like {@code kubectl get events}: newest at the bottom, warnings highlighted. */
public final class EventsView extends TableView<LabEvent> {

    private static final PseudoClass WARNING = PseudoClass.getPseudoClass("warning");
    /** The table's width from which TYPE and SOURCE have columns of their own (below, MESSAGE keeps its room). */
    static final double WIDE_FROM = 900;

    private static boolean narrow(TableView<?> t) {
        return t.getWidth() > 0 && t.getWidth() < WIDE_FROM;
    }

    public EventsView(WorkbenchViewModel vm) {
        super(vm.events());
        getStyleClass().add("events-table");
        setId("events");
        setColumnResizePolicy(CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // at 1024 and 1280 px the table has 540-800 px: TIME, TENANT and REASON keep their text's width, OBJECT and
        // MESSAGE wrap (a row grows a line) instead of being cut to a hover each, and TYPE and SOURCE give their room
        // up on a narrow table (a warning row is red and its reason marked ⚠; a clicked row's detail line under the
        // table names both)
        getColumns().add(column("TIME", 64, 64, false, e -> Formats.time(e.time())));
        getColumns().add(column("TENANT", 72, 64, false, e -> e.tenant().isEmpty() ? "mgmt" : e.tenant()));
        TableColumn<LabEvent, String> type = column("TYPE", 62, 62, false, LabEvent::type);
        getColumns().add(type);
        getColumns().add(column("REASON", 150, 130, false, e -> (narrow(this) && "Warning".equals(e.type())
                ? "⚠ " : "") + e.reason()));
        getColumns().add(column("OBJECT", 170, 100, true, LabEvent::object));
        TableColumn<LabEvent, String> source = column("SOURCE", 100, 80, false, LabEvent::source);
        getColumns().add(source);
        getColumns().add(column("MESSAGE", 400, 160, true, LabEvent::message));
        type.visibleProperty().bind(widthProperty().greaterThanOrEqualTo(WIDE_FROM));
        source.visibleProperty().bind(widthProperty().greaterThanOrEqualTo(WIDE_FROM));
        // the REASON cells' ⚠ follows the TYPE column's presence
        type.visibleProperty().addListener((o, a, b) -> refresh());
        setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(LabEvent e, boolean empty) {
                super.updateItem(e, empty);
                pseudoClassStateChanged(WARNING, !empty && e != null && "Warning".equals(e.type()));
            }
        });
        vm.events().addListener((ListChangeListener<LabEvent>) c -> {
            if (!getItems().isEmpty()) {
                scrollTo(getItems().size() - 1);
            }
        });
        setPlaceholder(new javafx.scene.control.Label("No events yet — drop a pod on a tenant"));
    }

    private static TableColumn<LabEvent, String> column(String name, double width, double min, boolean wrap,
                                                        Function<LabEvent, String> f) {
        TableColumn<LabEvent, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setMinWidth(min);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
        c.setSortable(false);
        // a message or object name wider than its column reads whole on hover; each cell keeps its one tooltip:
        // the table sizes rows with a spare cell filled and emptied again and again, and a tooltip made each
        // time (a popup control styled by CSS) cost more than the rest of a new event's frame
        c.setCellFactory(col -> new TableCell<>() {
            private @Nullable Tooltip tip;
            /** A wrapping column's text: wrapped to the column's width, the row as tall as its lines. */
            private final @Nullable Text lines = wrap ? new Text() : null;

            {
                if (lines != null) {
                    lines.wrappingWidthProperty().bind(col.widthProperty().subtract(10));
                    lines.fillProperty().bind(textFillProperty());
                    lines.fontProperty().bind(fontProperty());
                    setPrefHeight(Control.USE_COMPUTED_SIZE);
                }
            }

            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                if (lines != null) {
                    lines.setText(empty || text == null ? "" : text);
                    setGraphic(empty ? null : lines);
                    setText(null);
                    setTooltip(null);
                    return;
                }
                setText(empty ? null : text);
                if (empty || text == null || text.isEmpty()) {
                    setTooltip(null);
                    return;
                }
                if (tip == null) {
                    tip = new Tooltip();
                }
                tip.setText(text);
                if (getTooltip() != tip) {
                    setTooltip(tip);
                }
            }
        });
        return c;
    }
}
