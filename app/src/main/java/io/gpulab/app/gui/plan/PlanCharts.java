package io.gpulab.app.gui.plan;

import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.engine.plan.CandidateResult;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.jspecify.annotations.Nullable;

/**
 * The charts of a plan's answer, one class for the Plan view and the decision report (which renders them
 * headless, {@link PlanChartImages}): the allocation curves of all candidates in one line chart, utilisation and
 * stranded capacity as grouped bars, and the end state of one candidate as a card heat map. JavaFX's own chart
 * classes, styled by {@code plan-charts.css}.
 */
public final class PlanCharts {

    /** Node ids: the view's charts carry them, and the report tags each picture with the id of its chart. */
    public static final String CURVES = "plan-curves";
    public static final String UTILISATION = "plan-utilisation";
    public static final String STRANDED = "plan-stranded";
    public static final String HEAT = "plan-heat-map";
    public static final String WINS = "plan-wins";

    public static final String STYLESHEET = css("plan-charts.css");
    static final String REFERENCE = "everything that arrives placed";

    private final LineChart<Number, Number> curves;
    private final BarChart<String, Number> utilisation;
    private final BarChart<String, Number> stranded;
    private final BarChart<String, Number> wins;
    private final NumberAxis winsAxis = new NumberAxis(0, 10, 1);
    private final NumberAxis arrivedAxis = new NumberAxis(0, 100, 10);
    private final NumberAxis strandedAxis = new NumberAxis(0, 10, 2);
    private final HeatMap heat = new HeatMap();

    public PlanCharts() {
        arrivedAxis.setLabel("arrived demand, % of GPU capacity");
        NumberAxis y = new NumberAxis(0, 100, 20);
        y.setLabel("% of GPU compute");
        curves = new Curves(arrivedAxis, y);
        curves.setCreateSymbols(false);
        style(curves, CURVES);
        curves.setTitle("GPU compute allocated");
        NumberAxis pct = new NumberAxis(0, 100, 20);
        pct.setLabel("% of capacity");
        utilisation = bars("Booked at the end", pct, UTILISATION);
        strandedAxis.setLabel("% of capacity");
        stranded = bars("Stranded at the end", strandedAxis, STRANDED);
        winsAxis.setLabel("orders won");
        wins = bars("Orders won", winsAxis, WINS);
        heat.setId(HEAT);
        heat.getStylesheets().add(STYLESHEET);
    }

    private static BarChart<String, Number> bars(String title, NumberAxis y, String id) {
        BarChart<String, Number> b = new BarChart<>(new CategoryAxis(), y);
        b.setTitle(title);
        b.setCategoryGap(14);
        b.setBarGap(1);
        style(b, id);
        return b;
    }

    private static void style(XYChart<?, ?> chart, String id) {
        chart.setId(id);
        if (chart.getXAxis() instanceof NumberAxis x) {
            x.setMinorTickVisible(false);
        }
        if (chart.getYAxis() instanceof NumberAxis y) {
            y.setMinorTickVisible(false);
        }
        chart.setAnimated(false);
        chart.setMinWidth(0);
        chart.setPrefWidth(Region.USE_COMPUTED_SIZE);
        chart.getStyleClass().add("plan-chart");
        chart.getStylesheets().add(STYLESHEET);
    }

    public LineChart<Number, Number> curves() {
        return curves;
    }

    public BarChart<String, Number> utilisation() {
        return utilisation;
    }

    public BarChart<String, Number> stranded() {
        return stranded;
    }

    public HeatMap heat() {
        return heat;
    }

    public BarChart<String, Number> wins() {
        return wins;
    }

    /** The chart with this id ({@link #CURVES}, ...). */
    public Region chart(String id) {
        return switch (id) {
            case CURVES -> curves;
            case UTILISATION -> utilisation;
            case STRANDED -> stranded;
            case HEAT -> heat;
            case WINS -> wins;
            default -> throw new IllegalArgumentException("no plan chart " + id);
        };
    }

    /** Shows these candidates (all of a plan, or one for its own page); an empty list clears the charts. */
    public void show(List<CandidateResult> candidates) {
        showCurves(candidates);
        showUtilisation(candidates);
        showStranded(candidates);
    }

    /**
     * The allocation curves of these candidates with the reference diagonal (an empty list clears the chart).
     * Each chart fills on its own: a report picture of one chart fills only that one.
     */
    public void showCurves(List<CandidateResult> candidates) {
        curves.getData().clear();
        if (candidates.isEmpty()) {
            return;
        }
        curves.setTitle(candidates.size() == 1 ? "GPU compute allocated on " + candidates.get(0).name()
                : "GPU compute allocated");
        List<XYChart.Series<Number, Number>> lines = new ArrayList<>();
        double xMax = 100;
        for (CandidateResult c : candidates) {
            // one list, set once: a Series re-checks all its points for duplicates on every change, so adding
            // a long curve point by point costs the square of its length
            List<XYChart.Data<Number, Number>> points = new ArrayList<>(c.curve().size() + 1);
            points.add(new XYChart.Data<>(0, 0));
            for (AllocationCurve.Point p : c.curve()) {
                points.add(new XYChart.Data<>(p.arrivedPct(), p.allocatedPct()));
                xMax = Math.max(xMax, p.arrivedPct());
            }
            XYChart.Series<Number, Number> s = new XYChart.Series<>(FXCollections.observableList(points));
            s.setName(c.name());
            lines.add(s);
        }
        XYChart.Series<Number, Number> ideal = new XYChart.Series<>();
        ideal.setName(REFERENCE);
        ideal.getData().add(new XYChart.Data<>(0, 0));
        ideal.getData().add(new XYChart.Data<>(100, 100));
        ideal.getData().add(new XYChart.Data<>(xMax, 100));
        lines.add(ideal);
        double step = xMax <= 120 ? 10 : xMax <= 250 ? 25 : xMax <= 500 ? 50 : 100;
        arrivedAxis.setTickUnit(step);
        arrivedAxis.setUpperBound(Math.ceil(xMax / step - 1e-9) * step);
        curves.getData().setAll(lines);
        markReference(ideal);
    }

    /** GPU memory and compute booked and sharing slots in use at the end, per candidate (empty: cleared). */
    public void showUtilisation(List<CandidateResult> candidates) {
        utilisation.getData().clear();
        if (candidates.isEmpty()) {
            return;
        }
        boolean none = candidates.stream().allMatch(c -> c.metrics().gpuMemory().pct() == 0
                && c.metrics().gpuCompute().pct() == 0 && c.metrics().gpuSlots().pct() == 0);
        utilisation.setTitle(none ? "Booked at the end: none" : "Booked at the end");
        // in the order of the table's columns and the answer's sentence: compute, then memory, then slots
        utilisation.getData().setAll(bars(candidates, 100,
                new String[] {"GPU compute booked", "GPU memory booked", "sharing slots in use"},
                c -> c.metrics().gpuCompute().pct(), c -> c.metrics().gpuMemory().pct(),
                c -> c.metrics().gpuSlots().pct()));
    }

    /** GPU memory and compute stranded at the end, per candidate, on an axis fitted to them (empty: cleared). */
    public void showStranded(List<CandidateResult> candidates) {
        stranded.getData().clear();
        if (candidates.isEmpty()) {
            return;
        }
        double strandedMax = 0;
        for (CandidateResult c : candidates) {
            strandedMax = Math.max(strandedMax, Math.max(c.strandedMemoryPct(), c.strandedComputePct()));
        }
        // all zero draws bars of no height: the title says so instead of leaving a reader an empty frame
        stranded.setTitle(strandedMax == 0 ? "Stranded at the end: none" : "Stranded at the end");
        double top = niceTop(strandedMax);
        strandedAxis.setUpperBound(top);
        strandedAxis.setTickUnit(top / 5);
        stranded.getData().setAll(bars(candidates, top,
                new String[] {"GPU memory, no compute or slot left", "GPU compute, no memory or slot left"},
                CandidateResult::strandedMemoryPct, CandidateResult::strandedComputePct));
    }

    /**
     * How often each candidate is the recommendation under the other arrival orders, one group of bars per growth
     * step (null clears it).
     */
    public void showWins(io.gpulab.engine.plan.@Nullable SensitivityResult s) {
        wins.getData().clear();
        if (s == null) {
            return;
        }
        int n = s.spec().orders();
        winsAxis.setUpperBound(n);
        winsAxis.setTickUnit(n <= 10 ? 1 : n <= 20 ? 2 : n <= 50 ? 5 : Math.ceil(n / 10.0));
        wins.setTitle("Orders won, of " + n);
        List<XYChart.Series<String, Number>> series = new ArrayList<>();
        List<String> names = s.steps().get(0).candidates().stream()
                .map(io.gpulab.engine.plan.SensitivityResult.Spread::name).toList();
        for (String name : names) {
            XYChart.Series<String, Number> ser = new XYChart.Series<>();
            ser.setName(name);
            for (var st : s.steps()) {
                ser.getData().add(valued(st.growthPct() == 0 ? "today's demand" : "+" + st.growthPct() + " % demand",
                        st.wins(name), n, COUNT));
            }
            series.add(ser);
        }
        wins.getData().setAll(series);
    }

    /** One series per name, a bar per candidate in each, valued by the matching function. */
    @SafeVarargs
    private static List<XYChart.Series<String, Number>> bars(List<CandidateResult> candidates, double axisTop,
                                                             String[] names, ToDoubleFunction<CandidateResult>... value) {
        List<XYChart.Series<String, Number>> series = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            XYChart.Series<String, Number> s = new XYChart.Series<>();
            s.setName(names[i]);
            for (CandidateResult c : candidates) {
                s.getData().add(valued(c.name(), value[i].applyAsDouble(c), axisTop, PERCENT));
            }
            series.add(s);
        }
        return series;
    }

    /** Shows this candidate's cards at the end of its replay in the heat map (null clears it). */
    public void showHeat(@Nullable CandidateResult c) {
        heat.show(c == null ? null : c.heat(), c == null ? "" : c.name());
    }

    /** A tidy upper end for the stranded axis: at least 5 %, a multiple of 5, room above the tallest bar. */
    static double niceTop(double max) {
        double top = 5;
        while (top < max * 1.12 && top < 100) {
            top += top < 20 ? 5 : top < 50 ? 10 : 25;
        }
        return Math.min(100, top);
    }

    /** Bar labels of a percentage chart: one decimal on every bar, as the table ("84.0" beside "71.2", never "84"). */
    static final String PERCENT = "%.1f";
    /** Bar labels of a chart of counts (orders won). */
    static final String COUNT = "%.0f";

    /**
     * A bar carrying its value as a label, in its chart's one format: above the bar, or inside its top when the bar
     * reaches the top of the axis ({@code axisTop}, kept as the data's extra value).
     */
    private static XYChart.Data<String, Number> valued(String category, double value, double axisTop, String format) {
        XYChart.Data<String, Number> d = new XYChart.Data<>(category, value);
        d.setExtraValue(axisTop);
        d.nodeProperty().addListener((o, was, node) -> {
            if (node instanceof StackPane bar) {
                Label label = new Label(String.format(Locale.ROOT, format, value));
                label.getStyleClass().add("bar-value");
                label.setMinWidth(Region.USE_PREF_SIZE);
                label.setManaged(false);
                bar.getChildren().add(label);
                bar.layoutBoundsProperty().addListener((o2, a, b) -> place(label, bar, d));
                label.layoutBoundsProperty().addListener((o2, a, b) -> place(label, bar, d));
            }
        });
        return d;
    }

    /** Above the bar, or inside its top when it reaches the axis' top; upright when the bar is too narrow. */
    private static void place(Label label, StackPane bar, XYChart.Data<String, Number> d) {
        label.autosize();
        double top = d.getExtraValue() instanceof Double t ? t : 100;
        double lw = label.getWidth();
        double lh = label.getHeight();
        boolean upright = lw > bar.getWidth() + 2;
        double tall = upright ? lw : lh;
        boolean inside = d.getYValue().doubleValue() > top * 0.9 && bar.getHeight() > tall + 2;
        double cy = inside ? 1 + tall / 2 : -tall / 2 - 1;
        label.setRotate(upright ? -90 : 0);
        label.relocate(bar.getWidth() / 2 - lw / 2, cy - lh / 2);
        label.setStyle(inside ? "-fx-text-fill: white;" : "");
    }

    /** The reference diagonal: a thin grey line (its legend swatch follows in {@link Curves#updateLegend}). */
    private static void markReference(XYChart.Series<Number, Number> ideal) {
        Node line = ideal.getNode();
        if (line != null) {
            line.getStyleClass().add("reference-line");
        }
    }

    /** A line chart whose legend shows the reference diagonal in grey, however often the legend is rebuilt. */
    private static final class Curves extends LineChart<Number, Number> {
        Curves(NumberAxis x, NumberAxis y) {
            super(x, y);
        }

        @Override
        protected void updateLegend() {
            super.updateLegend();
            if (getLegend() instanceof javafx.scene.Parent legend) {
                for (Node item : legend.getChildrenUnmodifiable()) {
                    if (item instanceof Label l && REFERENCE.equals(l.getText()) && l.getGraphic() != null
                            && !l.getGraphic().getStyleClass().contains("reference-symbol")) {
                        l.getGraphic().getStyleClass().add("reference-symbol");
                    }
                }
            }
        }
    }

    private static String css(String name) {
        URL url = PlanCharts.class.getClassLoader().getResource("gpulab/css/" + name);
        return Objects.requireNonNull(url, "gpulab/css/" + name + " missing from assets").toExternalForm();
    }
}
