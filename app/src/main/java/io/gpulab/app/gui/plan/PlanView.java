package io.gpulab.app.gui.plan;

import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.PlanResult;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
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
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;

/**
 * The Plan view: the plan's text on the left (editable), the answer on the right: one sentence per objective,
 * a table of the candidates, their allocation curves in one chart and utilisation and stranded capacity as
 * bars (JavaFX's own charts). "Open as lab" hands the selected candidate to the workbench as a scenario.
 */
public final class PlanView extends BorderPane {

    private final PlanViewModel vm;
    private final TableView<CandidateResult> table = new TableView<>();
    private final VBox answer = new VBox(4);
    private final LineChart<Number, Number> curves;
    private final BarChart<String, Number> utilisation;
    private final BarChart<String, Number> stranded;
    private final HeatMap heat = new HeatMap();

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
        status.setMinWidth(0);
        HBox.setHgrow(status, Priority.ALWAYS);
        ToolBar tools = new ToolBar();
        tools.getItems().addAll(open);
        Button report = new Button("Decision report…");
        report.setId("plan-report");
        report.disableProperty().bind(vm.resultProperty().isNull().or(vm.runningProperty()));
        report.setOnAction(e -> exportReport.run());
        tools.getItems().addAll(run, cancel, report, bar, status);
        setTop(tools);

        TextArea editor = new TextArea();
        editor.setId("plan-text");
        editor.setFont(Font.font("DejaVu Sans Mono", 12));
        editor.textProperty().bindBidirectional(vm.textProperty());

        curves = new LineChart<>(axis("arrived demand, % of GPU capacity"), axis("allocated, %"));
        curves.setTitle("GPU allocation as demand arrives");
        curves.setCreateSymbols(false);
        curves.setAnimated(false);
        utilisation = bars("Utilisation at the end, %", new NumberAxis(0, 100, 20));
        stranded = bars("Stranded capacity at the end, %", new NumberAxis());
        table.setId("plan-candidates");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        table.setPrefHeight(150);
        column("candidate", c -> c.name());
        column("workers", c -> c.workers() + (c.minWorkers() != null ? " (min)" : ""));
        column("placed", c -> String.valueOf(c.placed()));
        column("pending", c -> c.pending() + (c.neverFitPods() > 0 ? " (" + c.neverFitPods() + " never fit)" : ""));
        column("GPU allocation", c -> pct(c.gpuAllocationPct()));
        column("stranded mem / compute", c -> pct(c.strandedMemoryPct()) + " / " + pct(c.strandedComputePct()));
        column("cost", c -> c.cost() == null ? "-" : String.format(Locale.ROOT, "%,.0f %s", c.cost(),
                c.candidate().prices().currency()));
        Button asLab = new Button("Open selected candidate as a lab");
        asLab.setId("plan-open-lab");
        asLab.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        asLab.setOnAction(e -> openAsLab.accept(table.getSelectionModel().getSelectedItem()));
        HBox charts = new HBox(8, utilisation, stranded);
        HBox.setHgrow(utilisation, Priority.ALWAYS);
        HBox.setHgrow(stranded, Priority.ALWAYS);
        Label heatTitle = new Label("Cards of the selected candidate at the end (each square a card; white idle, dark "
                + "blue fully booked)");
        table.getSelectionModel().selectedItemProperty().addListener((o, a, c) -> heat.show(c == null ? null
                : c.heat()));
        VBox right = new VBox(8, answer, table, asLab, heatTitle, heat, curves, charts);
        right.setPadding(new Insets(8));
        VBox.setVgrow(curves, Priority.ALWAYS);
        VBox.setVgrow(charts, Priority.ALWAYS);
        curves.setMinHeight(160);
        charts.setMinHeight(140);
        javafx.scene.control.ScrollPane scroll = new javafx.scene.control.ScrollPane(right);
        scroll.setFitToWidth(true);
        // the charts share the height that is left; below ~720 px the answer scrolls instead of squeezing the table
        right.minHeightProperty().set(640);
        scroll.viewportBoundsProperty().addListener((o, a, b) -> right.setPrefHeight(Math.max(640, b.getHeight())));
        SplitPane split = new SplitPane(editor, scroll);
        split.setOrientation(Orientation.HORIZONTAL);
        split.setDividerPositions(0.34);
        setCenter(split);
        vm.resultProperty().addListener((o, a, r) -> show(r));
    }

    private static NumberAxis axis(String label) {
        NumberAxis a = new NumberAxis();
        a.setLabel(label);
        a.setForceZeroInRange(true);
        return a;
    }

    private static BarChart<String, Number> bars(String title, NumberAxis y) {
        BarChart<String, Number> b = new BarChart<>(new CategoryAxis(), y);
        b.setTitle(title);
        b.setAnimated(false);
        b.setMinWidth(0);
        b.setPrefWidth(Region.USE_COMPUTED_SIZE);
        return b;
    }

    private void column(String title, java.util.function.Function<CandidateResult, String> value) {
        TableColumn<CandidateResult, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(value.apply(d.getValue())));
        table.getColumns().add(c);
    }

    private void show(PlanResult r) {
        answer.getChildren().clear();
        curves.getData().clear();
        utilisation.getData().clear();
        stranded.getData().clear();
        table.getItems().clear();
        if (r == null) {
            return;
        }
        for (String s : r.conclusions()) {
            Label l = new Label("• " + s);
            l.setWrapText(true);
            l.setStyle("-fx-font-weight: bold;");
            answer.getChildren().add(l);
        }
        table.getItems().setAll(r.candidates());
        double rows = Math.min(6, r.candidates().size());
        table.setMinHeight(32 + 25 * rows);
        table.setPrefHeight(32 + 25 * rows);
        XYChart.Series<String, Number> mem = new XYChart.Series<>();
        mem.setName("GPU memory");
        XYChart.Series<String, Number> cores = new XYChart.Series<>();
        cores.setName("GPU compute");
        XYChart.Series<String, Number> slots = new XYChart.Series<>();
        slots.setName("sharing slots");
        XYChart.Series<String, Number> sMem = new XYChart.Series<>();
        sMem.setName("memory, no compute/slot left");
        XYChart.Series<String, Number> sCores = new XYChart.Series<>();
        sCores.setName("compute, no memory/slot left");
        for (CandidateResult c : r.candidates()) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName(c.name());
            s.getData().add(new XYChart.Data<>(0, 0));
            for (AllocationCurve.Point p : c.curve()) {
                s.getData().add(new XYChart.Data<>(p.arrivedPct(), p.allocatedPct()));
            }
            curves.getData().add(s);
            mem.getData().add(new XYChart.Data<>(c.name(), c.metrics().gpuMemory().pct()));
            cores.getData().add(new XYChart.Data<>(c.name(), c.metrics().gpuCompute().pct()));
            slots.getData().add(new XYChart.Data<>(c.name(), c.metrics().gpuSlots().pct()));
            sMem.getData().add(new XYChart.Data<>(c.name(), c.strandedMemoryPct()));
            sCores.getData().add(new XYChart.Data<>(c.name(), c.strandedComputePct()));
        }
        utilisation.getData().setAll(List.of(mem, cores, slots));
        stranded.getData().setAll(List.of(sMem, sCores));
        table.getSelectionModel().selectFirst();
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", v);
    }

    public PlanViewModel viewModel() {
        return vm;
    }
}
