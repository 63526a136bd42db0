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
import javafx.scene.control.Tooltip;
import org.jspecify.annotations.Nullable;

/** The event log like {@code kubectl get events}: newest at the bottom, warnings highlighted. */
public final class EventsView extends TableView<LabEvent> {

    private static final PseudoClass WARNING = PseudoClass.getPseudoClass("warning");

    public EventsView(WorkbenchViewModel vm) {
        super(vm.events());
        getStyleClass().add("events-table");
        setId("events");
        setColumnResizePolicy(CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        getColumns().add(column("TIME", 80, e -> Formats.time(e.time())));
        getColumns().add(column("TENANT", 80, e -> e.tenant().isEmpty() ? "mgmt" : e.tenant()));
        getColumns().add(column("TYPE", 70, LabEvent::type));
        getColumns().add(column("REASON", 130, LabEvent::reason));
        getColumns().add(column("OBJECT", 170, LabEvent::object));
        getColumns().add(column("SOURCE", 110, LabEvent::source));
        getColumns().add(column("MESSAGE", 400, LabEvent::message));
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

    private static TableColumn<LabEvent, String> column(String name, double width, Function<LabEvent, String> f) {
        TableColumn<LabEvent, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(f.apply(d.getValue())));
        c.setSortable(false);
        // a message or object name wider than its column reads whole on hover; each cell keeps its one tooltip:
        // the table sizes rows with a spare cell filled and emptied again and again, and a tooltip made each
        // time (a popup control styled by CSS) cost more than the rest of a new event's frame
        c.setCellFactory(col -> new TableCell<>() {
            private @Nullable Tooltip tip;

            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
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
