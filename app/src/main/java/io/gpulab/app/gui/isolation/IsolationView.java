package io.gpulab.app.gui.isolation;

import io.gpulab.app.gui.view.WordWrapLabel;
import io.gpulab.engine.isolation.IsolationRow;
import io.gpulab.engine.isolation.IsolationTable;
import io.gpulab.engine.isolation.IsolationWords;
import io.gpulab.engine.isolation.Observation;
import io.gpulab.engine.isolation.Recovery;
import io.gpulab.engine.isolation.TenantLoss;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import org.jspecify.annotations.Nullable;

/**
 * Isolation by layer for the lab on screen: the conclusion, one table row per failure (which tenants share the part,
 * what each lost), the selected row's observations quoted, and how it was derived with its limits.
 */
public final class IsolationView extends BorderPane {

    /** The table's last column: whether each tenant's losses came back once the failure was healed. */
    static final String HEALED = "when healed";

    private final IsolationViewModel vm;
    private final WordWrapLabel conclusion = new WordWrapLabel("", "panel-title");
    private final TableView<IsolationRow> table = new TableView<>();
    private final VBox details = new VBox(6);
    private final VBox method = new VBox(6);

    public IsolationView(IsolationViewModel vm, Runnable exportPdf) {
        this.vm = vm;
        getStyleClass().add("isolation-view");
        setId("isolation-view");
        Label title = new Label("Isolation by layer");
        title.getStyleClass().add("panel-title");
        WordWrapLabel status = new WordWrapLabel("", "muted");
        status.setId("isolation-status");
        status.setFullText(vm.statusProperty().get());
        vm.statusProperty().addListener((o, was, now) -> status.setFullText(now));
        Button export = new Button("Export PDF…");
        export.setId("isolation-export");
        export.setOnAction(e -> exportPdf.run());
        export.disableProperty().bind(vm.tableProperty().isNull());
        HBox head = new HBox(10, title, export);
        conclusion.setId("isolation-conclusion");
        VBox top = new VBox(6, head, conclusion, status);
        top.setPadding(new Insets(10, 12, 8, 12));
        setTop(top);

        table.setId("isolation-table");
        table.setPlaceholder(new Label("Deriving…"));
        table.getSelectionModel().selectedItemProperty().addListener((o, was, row) -> showDetails(row));
        ScrollPane detailScroll = new ScrollPane(details);
        detailScroll.setFitToWidth(true);
        details.setPadding(new Insets(8, 12, 8, 12));
        SplitPane split = new SplitPane(table, detailScroll);
        split.setOrientation(Orientation.VERTICAL);
        split.setDividerPositions(0.55);
        setCenter(split);

        ScrollPane methodScroll = new ScrollPane(method);
        methodScroll.setFitToWidth(true);
        methodScroll.setPrefViewportHeight(150);
        method.setPadding(new Insets(6, 8, 6, 8));
        TitledPane how = new TitledPane("How it was derived and what it does not show (a simulation)", methodScroll);
        how.setId("isolation-method");
        how.setExpanded(false);
        setBottom(how);

        vm.tableProperty().addListener((o, was, t) -> show(t));
        show(vm.tableProperty().get());
    }

    private void show(@Nullable IsolationTable t) {
        table.getColumns().clear();
        table.getItems().clear();
        details.getChildren().clear();
        method.getChildren().clear();
        if (t == null) {
            conclusion.setFullText("");
            return;
        }
        conclusion.setFullText(t.conclusion());
        table.getColumns().add(column("layer", IsolationRow::layer, 0.13));
        table.getColumns().add(column("failed part", IsolationRow::component, 0.22));
        table.getColumns().add(column("shared by", r -> r.sharedBy().isEmpty() ? "no tenant"
                : String.join(", ", r.sharedBy()), 0.12));
        double each = 0.38 / Math.max(1, t.tenants().size());
        for (String tenant : t.tenants()) {
            table.getColumns().add(column(tenant, r -> r.injected() ? r.tenants().stream()
                    .filter(l -> l.tenant().equals(tenant)).findFirst().map(IsolationWords::losses).orElse("")
                    : "not injected", each));
        }
        TableColumn<IsolationRow, String> healed = column(HEALED, IsolationWords::recovery, 0.15);
        healed.setId("isolation-healed");
        table.getColumns().add(healed);
        table.getItems().setAll(t.rows());
        method.getChildren().add(new WordWrapLabel(t.method()));
        for (String limit : t.limits()) {
            method.getChildren().add(new WordWrapLabel("• " + limit));
        }
        details.getChildren().add(new WordWrapLabel("Select a row to see what each tenant showed after that failure.",
                "muted"));
        if (!t.rows().isEmpty()) {
            table.getSelectionModel().select(0);
        }
    }

    private void showDetails(@Nullable IsolationRow r) {
        details.getChildren().clear();
        if (r == null) {
            return;
        }
        Label head = new Label(r.layer() + ": " + r.component());
        head.getStyleClass().add("panel-title");
        details.getChildren().add(head);
        details.getChildren().add(new WordWrapLabel("shared by " + (r.sharedBy().isEmpty() ? "no tenant"
                : String.join(", ", r.sharedBy())) + ": " + r.sharing()));
        if (!r.injected()) {
            details.getChildren().add(new WordWrapLabel("Not injected: " + r.notInjected() + ".", "warning-text"));
            return;
        }
        WordWrapLabel fault = new WordWrapLabel(r.fault(), "mono-muted");
        fault.setId("isolation-fault");
        details.getChildren().add(fault);
        GridPane grid = grid();
        grid.setId("isolation-observations");
        for (TenantLoss l : r.tenants()) {
            rows(grid, l.tenant(), l.all());
        }
        details.getChildren().add(grid);
        Label after = new Label("When healed");
        after.getStyleClass().add("panel-title");
        WordWrapLabel heal = new WordWrapLabel("heal: " + r.heal(), "mono-muted");
        heal.setId("isolation-heal");
        GridPane healed = grid();
        healed.setId("isolation-recovery");
        details.getChildren().addAll(after, heal);
        for (Recovery h : r.recovery()) {
            if (Recovery.NOT_OBSERVED.equals(h.verdict())) {
                details.getChildren().add(new WordWrapLabel(h.tenant() + ": " + IsolationWords.recovery(h),
                        "muted"));
            } else {
                rows(healed, h.tenant() + ": " + h.verdict(), h.after().all());
            }
        }
        details.getChildren().add(healed);
    }

    /** Four columns: tenant, ask, verdict, what was observed (wrapping in the width left). */
    private static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(4);
        ColumnConstraints fixed = new ColumnConstraints();
        fixed.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints grow = new ColumnConstraints();
        grow.setHgrow(Priority.ALWAYS);
        grow.setMinWidth(120);
        grid.getColumnConstraints().addAll(fixed, fixed, fixed, grow);
        return grid;
    }

    /** One tenant's observations, its name on the first line. */
    private static void rows(GridPane grid, String who, List<Observation> all) {
        int y = grid.getRowCount();
        for (int i = 0; i < all.size(); i++) {
            Label tenant = new Label(i == 0 ? who : "");
            tenant.getStyleClass().add("section-title");
            Label ask = new Label(IsolationWords.ASKS.get(i));
            Label verdict = new Label(all.get(i).verdict());
            style(verdict, all.get(i).verdict());
            WordWrapLabel seen = new WordWrapLabel(all.get(i).observed());
            grid.addRow(y++, tenant, ask, verdict, seen);
        }
    }

    private static void style(Label l, String verdict) {
        if (Observation.LOST.equals(verdict)) {
            l.getStyleClass().add("error-text");
        } else if (Observation.DEGRADED.equals(verdict)) {
            l.getStyleClass().add("warning-text");
        } else if (Observation.NOT_OBSERVED.equals(verdict)) {
            l.getStyleClass().add("muted");
        }
    }

    /** A column whose cells wrap (a row grows to its longest cell) and colour what was lost or degraded. */
    private TableColumn<IsolationRow, String> column(String name, Function<IsolationRow, String> value,
                                                     double share) {
        TableColumn<IsolationRow, String> c = new TableColumn<>(name);
        c.setSortable(false);
        c.setReorderable(false);
        // each column its share of the table (less the vertical scroll bar), so every cell wraps instead of a
        // column running off the window at 1024 px
        c.prefWidthProperty().bind(table.widthProperty().subtract(18).multiply(share));
        c.setCellValueFactory(d -> new ReadOnlyStringWrapper(value.apply(d.getValue())));
        c.setCellFactory(col -> new TableCell<>() {
            // a Text wraps at a set width and reports its wrapped height, so the row grows to its longest cell
            private final Text text = new Text();

            {
                text.wrappingWidthProperty().bind(col.widthProperty().subtract(12));
                setText(null);
                // on the selection bar every cell reads in its text colour (red on blue does not)
                tableRowProperty().addListener((o, was, row) -> {
                    if (row != null) {
                        row.selectedProperty().addListener((p, a, b) -> colour());
                    }
                });
            }

            private void colour() {
                String item = getItem();
                boolean selected = getTableRow() != null && getTableRow().isSelected();
                // the theme's looked-up colours (light and dark); Text takes -fx-fill, not -fx-text-fill
                String colour = item == null || selected ? (selected ? "-fx-selection-bar-text" : "-gl-text")
                        : item.equals("nothing lost") ? "-gl-text" : item.contains(Observation.LOST) ? "-gl-err"
                        : item.contains(Observation.DEGRADED) ? "-gl-warn"
                        : item.equals("not injected") ? "-gl-muted" : "-gl-text";
                text.setStyle("-fx-fill: " + colour + ";");
            }

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                if (empty || item == null) {
                    setGraphic(null);
                    return;
                }
                text.setText(item);
                colour();
                setGraphic(text);
            }
        });
        return c;
    }

    /** The view model it shows. */
    public IsolationViewModel viewModel() {
        return vm;
    }
}
