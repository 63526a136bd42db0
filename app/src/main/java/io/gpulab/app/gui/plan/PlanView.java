package io.gpulab.app.gui.plan;

import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.ControlPlaneCost;
import io.gpulab.engine.plan.EmptyCharts;
import io.gpulab.engine.plan.PlanResult;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.LineChart;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import org.jspecify.annotations.Nullable;

/**
 * The Plan view: the plan's text on the left (editable), the answer on the right: one sentence per objective,
 * a table of the candidates and the charts of {@link PlanCharts} (the decision report draws the same ones):
 * allocation curves in one chart, utilisation and stranded capacity as bars, the selected candidate's cards as a
 * heat map. "Open as lab" hands the selected candidate to the workbench as a scenario.
 */
public final class PlanView extends BorderPane {

    private final PlanViewModel vm;
    private final TableView<CandidateResult> table = new TableView<>();
    private final TableColumn<CandidateResult, String> controlPlanes;
    private final VBox answer = new VBox(4);
    private final PlanCharts charts = new PlanCharts();
    private final ChartSlot bookedSlot = new ChartSlot(charts.utilisation(), "plan-utilisation-none");
    private final ChartSlot strandedSlot = new ChartSlot(charts.stranded(), "plan-stranded-none");
    private final TableView<List<String>> robustnessTable = new TableView<>();
    private final Label robustnessTitle = new Label();
    private final VBox robustness = new VBox(4);
    /** What the curves need said (EmptyCharts.curvesNote, the decision report's words): hidden when nothing. */
    private final Label curvesNote = new Label();
    /** How the charts stand now: null before the first arrangement, then side by side (true) or stacked. */
    private @Nullable Boolean sideBySide;
    /** The scroll pane's visible height: the answer's column is at least this tall. */
    private double viewportHeight;

    /**
     * @param open      the built-in examples and "Open plan…" (the window supplies the file dialog)
     * @param openAsLab called with the selected candidate when the user asks to inspect it as a lab
     * @param exportReport asks where to write the decision report (the window owns the file dialog)
     */
    public PlanView(PlanViewModel vm, List<Button> open, Consumer<CandidateResult> openAsLab, Runnable exportReport) {
        this.vm = vm;
        setId("plan-view");
        Button run = new Button("Run");
        run.setId("plan-run");
        run.setOnAction(e -> vm.run());
        run.disableProperty().bind(vm.runningProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("plan-cancel");
        cancel.setOnAction(e -> vm.cancel());
        cancel.disableProperty().bind(vm.runningProperty().not());
        ProgressBar bar = new ProgressBar();
        bar.setId("plan-progress");
        bar.progressProperty().bind(vm.progressProperty());
        bar.setPrefWidth(110);
        Label status = new Label();
        status.setId("plan-status");
        status.textProperty().bind(vm.statusProperty());
        // on a line of its own under the view: in the tool bar a 1024-px window pushed it into the overflow menu,
        // where "3 candidates compared" or a plan's error was never seen
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.setMaxWidth(Double.MAX_VALUE);
        status.setPadding(new Insets(3, 8, 3, 8));
        status.getStyleClass().add("plan-status-line");
        ToolBar tools = new ToolBar();
        tools.getItems().addAll(open);
        Button report = new Button("Decision report…");
        report.setId("plan-report");
        report.disableProperty().bind(vm.resultProperty().isNull().or(vm.runningProperty()));
        report.setOnAction(e -> exportReport.run());
        tools.getItems().addAll(run, cancel, report, bar);
        setTop(tools);
        setBottom(status);

        TextArea editor = new TextArea();
        editor.setId("plan-text");
        editor.setFont(Font.font("DejaVu Sans Mono", 12));
        editor.textProperty().bindBidirectional(vm.textProperty());

        LineChart<Number, Number> curves = charts.curves();
        BarChart<String, Number> utilisation = charts.utilisation();
        BarChart<String, Number> stranded = charts.stranded();
        HeatMap heat = charts.heat();
        table.setId("plan-candidates");
        // every column as wide as its header's longest line and its widest cell, spread over the table's width; when
        // they do not all fit (a narrow window) the table scrolls sideways instead of cutting them (TableFit)
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.setPrefHeight(150);
        column("candidate", c -> c.name());
        // counts as the answer's sentences write them ("1,080", not "1080")
        column("workers", c -> count(c.workers()) + (c.minWorkers() != null ? " (min)" : ""));
        column("placed", c -> count(c.placed()));
        column("pending", c -> count(c.pending()) + (c.neverFitPods() > 0 ? " (" + count(c.neverFitPods()) + " never fit)"
                : ""));
        // a percentage says of what and when, one hover away (docs/metrics.md)
        column("GPU\ncompute\nbooked", c -> pct(c.metrics().gpuCompute().pct()), "compute HAMi booked of all the "
                + "candidate's cards (core units, 100 a card), " + WHEN);
        column("GPU\nmemory\nbooked", c -> pct(c.metrics().gpuMemory().pct()), "MB HAMi booked of all the "
                + "candidate's cards' registered MB, " + WHEN);
        column("sharing\nslots\nin use", c -> pct(c.metrics().gpuSlots().pct()), "pods sharing a card, of "
                + "deviceSplitCount slots a card over all the candidate's cards, " + WHEN);
        column("stranded\nGPU mem /\ncompute", c -> pct(c.strandedMemoryPct()) + " / " + pct(c.strandedComputePct()),
                "free memory on cards whose compute or slots are exhausted / free compute on cards whose memory or "
                + "slots are exhausted, each of all the candidate's cards', " + WHEN);
        // per period, as the answer's sentences say (the period beside it did not fit at 1280 x 720); it includes the
        // control planes when the plan states them (their sentence under the answer says how much)
        column("cost", c -> c.cost() == null ? "-" : String.format(Locale.ROOT, "%,.0f %s", c.cost(),
                c.candidate().prices().currency()));
        // shown only for a plan that states control planes; the cell's tooltip is the candidate's whole sentence
        controlPlanes = column("control\nplanes per\ntenant", PlanView::controlPlaneCell);
        controlPlanes.setVisible(false);
        Button asLab = new Button("Open selected candidate as a lab");
        asLab.setId("plan-open-lab");
        asLab.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        asLab.setOnAction(e -> openAsLab.accept(table.getSelectionModel().getSelectedItem()));
        table.getSelectionModel().selectedItemProperty().addListener((o, a, c) -> this.charts.showHeat(c));
        table.widthProperty().addListener((o, a, w) -> TableFit.fit(table));
        // the button keeps its whole label ("Open selected candidate as a l..." at 1024 px); the heat map takes the rest
        asLab.setMinWidth(Region.USE_PREF_SIZE);
        table.setPlaceholder(new Label("No plan run yet: open a plan (or one of the examples above) and press Run."));
        HBox heatRow = new HBox(12, heat, asLab);
        HBox.setHgrow(heat, Priority.ALWAYS);
        StackPane chartArea = new StackPane();
        chartArea.setMinHeight(300);
        robustnessTable.setId("plan-robustness");
        // as the candidates' table: columns as wide as their text, sideways scrolling rather than "EUR 64,0..."
        robustnessTable.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        robustnessTable.widthProperty().addListener((o, a, w) -> TableFit.fit(robustnessTable));
        BarChart<String, Number> wins = charts.wins();
        wins.setMinSize(0, 0);
        wins.setPrefHeight(240);
        // a bar chart lower than ~210 px squeezes its bars to nothing and turns its categories upright
        wins.setMinHeight(240);
        // the chart under the table, across the view: beside it (30 % of a 1024-px window) it turned its categories
        // upright and cut them ("today's dema..."), and its legend, the candidates' names, fell out of sight
        robustness.getChildren().setAll(robustnessTitle, robustnessTable, wins);
        robustness.managedProperty().bind(robustness.visibleProperty());
        robustness.setVisible(false);
        robustnessTitle.setStyle("-fx-font-weight: bold;");
        robustnessTitle.setWrapText(true);
        robustnessTitle.setMinHeight(Region.USE_PREF_SIZE);
        curvesNote.setId("plan-curves-note");
        curvesNote.setWrapText(true);
        curvesNote.setMinHeight(Region.USE_PREF_SIZE);
        curvesNote.managedProperty().bind(curvesNote.visibleProperty());
        curvesNote.setVisible(false);
        VBox right = new VBox(8, answer, table, heatRow, robustness, chartArea, curvesNote) {
            /**
             * The viewport's height, or what the content asks for when that is more: the scroll pane then scrolls. As
             * tall as the viewport only, the robustness rows pushed the charts below the window's edge, out of reach.
             */
            @Override
            protected double computePrefHeight(double width) {
                return Math.max(Math.max(600, viewportHeight), super.computePrefHeight(width));
            }
        };
        right.setId("plan-answer");
        right.setPadding(new Insets(8));
        VBox.setVgrow(chartArea, Priority.ALWAYS);
        curves.setMinSize(0, 0);
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(right);
        scroll.setFitToWidth(true);
        // the charts share the height that is left (the answer scrolls below ~600 px rather than squeezing them);
        // where that is short the bars stand beside the curves instead of under them (a chart too low drops its
        // legend). The height left is what counts, not the window's: the robustness rows take a window's worth.
        scroll.viewportBoundsProperty().addListener((o, a, b) -> {
            viewportHeight = b.getHeight();
            right.requestLayout();
        });
        chartArea.heightProperty().addListener((o, a, h) -> arrange(chartArea));
        chartArea.widthProperty().addListener((o, a, w) -> arrange(chartArea));
        arrange(chartArea);
        SplitPane split = new SplitPane(editor, scroll);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.34);
        setCenter(split);
        vm.resultProperty().addListener((o, a, r) -> show(r));
    }

    /**
     * From this chart-area height the bars stand under the curve chart (each row then keeps the ~210 px below
     * which JavaFX drops a chart's legend); below it they stand beside it.
     */
    static final double STACKED_FROM = 520;

    /**
     * Below this chart-area width the charts are stacked whatever the height (the area then keeps
     * {@link #STACKED_FROM} and the view scrolls): side by side, the curves' 40 % was too narrow for their axis'
     * label ("arrived demand, % of GPU ca..." in a 1024-px window).
     */
    static final double SIDE_BY_SIDE_FROM = 900;

    private void arrange(StackPane area) {
        boolean wide = area.getWidth() >= SIDE_BY_SIDE_FROM;
        boolean sideBySide = wide && area.getHeight() < STACKED_FROM;
        // by width only: a minimum that followed the arrangement would keep the area stacked once it was
        area.setMinHeight(wide ? 300 : STACKED_FROM);
        if (Objects.equals(this.sideBySide, sideBySide)) {
            return;
        }
        this.sideBySide = sideBySide;
        ChartSlot u = bookedSlot;
        ChartSlot s = strandedSlot;
        LineChart<Number, Number> c = charts.curves();
        Node all = sideBySide
                // one row: a bar chart under ~210 px drops its legend (JavaFX), so no stacking here
                ? new FractionPane(true, 8, new double[] {0.4, 0.3, 0.3}, List.of(c, u, s))
                // the curves on top, the two bar charts side by side under them
                : new FractionPane(false, 8, new double[] {0.55, 0.45}, List.of(c,
                        new FractionPane(true, 8, new double[] {0.5, 0.5}, List.of(u, s))));
        area.getChildren().setAll(all);
    }

    /**
     * e.g. "kamaji 131 EUR", "dedicated 750 EUR", "kamaji: 4 of 5 fit" (the management cluster cannot hold every
     * tenant's control plane), "kamaji 200 EUR, no upgrade room"; "-" when the candidate states none.
     */
    static String controlPlaneCell(CandidateResult c) {
        ControlPlaneCost cp = c.controlPlanes();
        if (cp == null) {
            return "-";
        }
        if (!cp.holdsTenants()) {
            return cp.mode().key() + ": " + cp.management().fit() + " of " + cp.tenants() + " fit";
        }
        String cost = cp.perTenant() == null ? ", not priced" : String.format(Locale.ROOT, " %,.0f %s",
                cp.perTenant(), c.candidate().prices().currency());
        return cp.mode().key() + cost + (cp.holdsUpgrades() ? "" : ", no upgrade room");
    }

    /** When a candidate's figures were read (as the decision report says it). */
    private static final String WHEN = "at the end of its replay (where pods leave: at its highest allocation sampled)";

    private TableColumn<CandidateResult, String> column(String title,
                                                        java.util.function.Function<CandidateResult, String> value) {
        return column(title, value, "");
    }

    private TableColumn<CandidateResult, String> column(String title,
                                                        java.util.function.Function<CandidateResult, String> value,
                                                        String how) {
        TableColumn<CandidateResult, String> c = new TableColumn<>();
        // a header the column's width cuts ("GPU comp...") reads whole on hover, with how its figure is computed
        javafx.scene.control.Label head = new javafx.scene.control.Label(title);
        javafx.scene.control.Tooltip headTip = new javafx.scene.control.Tooltip(how.isEmpty() ? title
                : title + "\n" + how);
        headTip.setWrapText(true);
        headTip.setMaxWidth(420);
        head.setTooltip(headTip);
        c.setGraphic(head);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
        // a cell the column's width cuts reads whole on hover; the control-plane cell says its whole sentence
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                CandidateResult r = empty || getTableRow() == null ? null : getTableRow().getItem();
                String tip = r != null && c == controlPlanes && r.controlPlanes() != null
                        ? r.controlPlanes().sentence(r.name(), r.candidate().prices()) : item;
                if (tip == null) {
                    setTooltip(null);
                } else {
                    javafx.scene.control.Tooltip t = new javafx.scene.control.Tooltip(tip);
                    t.setWrapText(true);
                    t.setMaxWidth(520);
                    setTooltip(t);
                }
            }
        });
        table.getColumns().add(c);
        return c;
    }

    private void show(PlanResult r) {
        answer.getChildren().clear();
        table.getItems().clear();
        if (r == null) {
            charts.show(List.of());
            showCurvesNote(java.util.Optional.empty());
            bookedSlot.show(java.util.Optional.empty());
            strandedSlot.show(java.util.Optional.empty());
            charts.showWins(null);
            robustness.setVisible(false);
            return;
        }
        boolean first = true;
        for (String s : r.conclusions()) {
            Label l = new Label((first ? "" : "• ") + s);
            l.setWrapText(true);
            // whole sentences: the answer takes the height it needs and the view scrolls, never an ellipsis
            l.setMinHeight(Region.USE_PREF_SIZE);
            // the recommendation stands out; the pods no candidate runs and the objectives follow it
            l.setStyle(first ? "-fx-font-weight: bold; -fx-font-size: 1.08em;" : "");
            l.setId(first ? "plan-recommendation" : null);
            answer.getChildren().add(l);
            first = false;
        }
        showRobustness(r);
        table.getItems().setAll(r.candidates());
        controlPlanes.setVisible(r.candidates().stream().anyMatch(c -> c.controlPlanes() != null));
        double rows = Math.min(6, r.candidates().size());
        // three-line headers, the rows, and room for the sideways scroll bar of a narrow window
        table.setMinHeight(76 + 25 * rows);
        table.setPrefHeight(76 + 25 * rows);
        TableFit.fit(table);
        charts.show(r.candidates());
        showCurvesNote(EmptyCharts.curvesNote(r.candidates()));
        bookedSlot.show(EmptyCharts.booked(r.candidates()));
        strandedSlot.show(EmptyCharts.stranded(r.candidates()));
        table.getSelectionModel().selectFirst();
    }

    private void showCurvesNote(java.util.Optional<String> note) {
        curvesNote.setText(note.map(n -> "GPU compute allocated: " + n).orElse(""));
        curvesNote.setVisible(note.isPresent());
    }

    /** The robustness replays as the report's table and chart, hidden when the plan asked for none. */
    private void showRobustness(PlanResult r) {
        robustnessTable.getColumns().clear();
        robustnessTable.getItems().clear();
        if (r.sensitivity() == null) {
            charts.showWins(null);
            robustness.setVisible(false);
            return;
        }
        List<String> headers = io.gpulab.engine.plan.SensitivityText.headers(r, true);
        for (int i = 0; i < headers.size(); i++) {
            int k = i;
            TableColumn<List<String>, String> c = new TableColumn<>(headers.get(i).replace(" (min / median / p90 / max)",
                    "\nmin / median / p90 / max"));
            c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(d.getValue().get(k)));
            robustnessTable.getColumns().add(c);
        }
        List<List<String>> rows = io.gpulab.engine.plan.SensitivityText.rows(r, true);
        robustnessTable.getItems().setAll(rows);
        TableFit.fit(robustnessTable);
        robustnessTable.setPrefHeight(Math.max(240, 56 + 25 * Math.min(9, rows.size())));
        robustnessTable.setMinHeight(52 + 25 * Math.min(4, rows.size()));
        int orders = r.sensitivity().spec().orders();
        robustnessTitle.setText("Robustness (" + io.gpulab.engine.plan.Counts.of(orders, "seeded arrival order") + ", "
                + io.gpulab.engine.plan.Counts.noun(orders, "seed") + " "
                + io.gpulab.engine.plan.SensitivityText.seeds(r.sensitivity().spec()) + "): "
                + String.join(" ", io.gpulab.engine.plan.SensitivityText.summary(r)));
        charts.showWins(r.sensitivity());
        robustness.setVisible(true);
    }

    private static String count(long v) {
        return String.format(Locale.ROOT, "%,d", v);
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }

    public PlanViewModel viewModel() {
        return vm;
    }
}
