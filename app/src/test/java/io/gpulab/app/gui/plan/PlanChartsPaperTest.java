package io.gpulab.app.gui.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.export.HeadlessFx;
import io.gpulab.app.report.PlanChartSource;
import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanProgress;
import io.gpulab.engine.plan.PlanReader;
import io.gpulab.engine.plan.PlanResult;
import io.gpulab.engine.plan.PlanRunner;
import io.gpulab.engine.plan.WorkloadResolver;
import io.gpulab.mockgpu.catalog.CardCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Plan view's charts as the decision report draws them (paper style, one layout unit = one point on A4):
 * every text at least 7 pt, every candidate named on the axis and in the legend, nothing cut, no control.
 */
class PlanChartsPaperTest {

    /** Eight candidates with names as long as a reviewer would write them. */
    static final String EIGHT = """
            apiVersion: gpulab.io/v1
            kind: Plan
            metadata: {name: eight}
            workload:
              pods:
                - {name: serve, count: 30, gpuMemMB: 12000, gpuCores: 30, cpu: "2", memory: 8Gi}
                - {name: train, count: 4, gpus: 2, cpu: "8", memory: 32Gi}
            candidates:
              - {name: a100-80-x4, worker: {cpu: 64, memoryMiB: 524288, cards: [{model: A100-80GB, count: 4}]}, workers: 3}
              - {name: a100-40-x8, worker: {cpu: 64, memoryMiB: 524288, cards: [{model: A100-40GB, count: 8}]}, workers: 2}
              - {name: l4-x8-wide, worker: {cpu: 64, memoryMiB: 524288, cards: [{model: L4-24GB, count: 8}]}, workers: 3}
              - {name: l40s-x4-big, worker: {cpu: 64, memoryMiB: 524288, cards: [{model: L40S-48GB, count: 4}]}, workers: 2}
              - {name: h100-x8-one, worker: {cpu: 64, memoryMiB: 524288, cards: [{model: H100-80GB, count: 8}]}, workers: 1}
              - {name: t4-x4-many, worker: {cpu: 32, memoryMiB: 262144, cards: [{model: T4-16GB, count: 4}]}, workers: 6}
              - {name: v100-32-x8, worker: {cpu: 64, memoryMiB: 524288, cards: [{model: V100-32GB, count: 8}]}, workers: 2}
              - {name: a10-x4-mini, worker: {cpu: 32, memoryMiB: 262144, cards: [{model: A10-24GB, count: 4}]}, workers: 1}
            sensitivity: {orders: 2, growth: [0]}
            """;

    /** Two candidates, one with capacity to spare: its curve ends below 100 %, its axis at exactly 100. */
    static final String SPARE = """
            apiVersion: gpulab.io/v1
            kind: Plan
            metadata: {name: spare}
            workload:
              pods:
                - {name: notebook, count: 24, gpuMemMB: 8000, gpuCores: 15, cpu: "2", memory: 8Gi}
                - {name: batch, count: 4, gpus: 1, cpu: "8", memory: 32Gi}
                - {name: big-model, count: 2, gpus: 1, gpuMemMB: 70000, gpuCores: 60, cpu: "8", memory: 64Gi}
            candidates:
              - {name: l40s-2, worker: {cpu: 64, memoryMiB: 262144, cards: [{model: L40S-48GB, count: 4}]}, workers: 2}
              - {name: a100-min, worker: {cpu: 64, memoryMiB: 262144, cards: [{model: A100-80GB, count: 4}]},
                 minimize: workers, maxWorkers: 6}
            """;

    private static PlanResult eight;
    private static PlanResult spare;

    @BeforeAll
    static void run() throws Exception {
        // TestFX owns the toolkit in this JVM (its GUI tests need it so); the report's renderer then uses it
        org.testfx.api.FxToolkit.registerPrimaryStage();
        eight = run("eight.yaml", EIGHT);
        spare = run("spare.yaml", SPARE);
    }

    private static PlanResult run(String name, String text) {
        Plan plan = new PlanReader().read(name, text, null);
        return new PlanRunner().run(plan, new WorkloadResolver(CardCatalog.builtIn(), null).resolve(plan.workload()),
                PlanProgress.NONE, new AtomicBoolean());
    }

    @Test
    void everyTextIsAtLeastSevenPointsAndEveryCandidateIsNamedUncut() throws Exception {
        List<CandidateResult> all = eight.candidates();
        assertEquals(8, all.size());
        // the sizes the report uses for eight candidates: the full width of A4 less margins (a fractional number
        // of points), bars one above the other
        float page = org.apache.pdfbox.pdmodel.common.PDRectangle.A4.getWidth() - 2 * 50;
        // the curves at the height the report gives eight (at 205 pt openb-8's legend was dropped)
        check(PlanCharts.CURVES, c -> c.show(all), page, PlanChartSource.comparisonCurvesPt(all.size()), true);
        check(PlanCharts.UTILISATION, c -> c.show(all), page, 230, true);
        check(PlanCharts.STRANDED, c -> c.show(all), page, 230, true);
        // the robustness page's wins chart: at 200 pt openb-8's eight bars lost the legend that names them
        check(PlanCharts.WINS, c -> c.showWins(eight.sensitivity()), page, PlanChartSource.winsPt(all.size()), true);
        List<CandidateResult> singles = new ArrayList<>(all);
        singles.addAll(spare.candidates());
        // at the heights the report draws them: a searched candidate's chart at 165 pt dropped its legend (the grey
        // diagonal unexplained) and the y axis' "100"
        for (CandidateResult one : singles) {
            check(PlanCharts.CURVES, c -> c.show(List.of(one)), page, PlanChartSource.CANDIDATE_CURVES_PT, false);
        }
        check(PlanCharts.CURVES, c -> c.show(spare.candidates()), page,
                PlanChartSource.comparisonCurvesPt(spare.candidates().size()), false);
        check(PlanCharts.CURVES, c -> c.show(all.subList(0, 5)), page, PlanChartSource.comparisonCurvesPt(5), false);
        check(PlanCharts.HEAT, c -> c.showHeat(all.get(5)), page, -1, false);
    }

    private static void check(String id, Consumer<PlanCharts> fill, float w, float h, boolean namesAll)
            throws Exception {
        List<String> problems = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        HeadlessFx.call(() -> {
            Region root = PlanChartImages.layOut(id, fill, w, h);
            walk(root, root, problems, shown);
            for (Node axis : root.lookupAll(".axis")) {
                for (Node n : ((javafx.scene.Parent) axis).getChildrenUnmodifiable()) {
                    if (n instanceof Text t && !t.isVisible()) {
                        problems.add("the axis hides its tick label '" + t.getText() + "'");
                    }
                }
            }
            Node legend = root.lookup(".chart-legend");
            if (legend != null && !legend.isVisible()) {
                problems.add("the chart dropped its legend (too low for JavaFX to show it)");
            }
            return null;
        });
        assertTrue(problems.isEmpty(), id + ": " + problems);
        assertFalse(shown.isEmpty(), id + " shows no text");
        if (namesAll) {
            for (CandidateResult c : eight.candidates()) {
                assertTrue(shown.contains(c.name()), id + " does not show " + c.name() + ": " + shown);
            }
        }
    }

    private static void walk(Region root, Node n, List<String> problems, List<String> shown) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Control && !(n instanceof Label)) {
            problems.add("a control in a report picture: " + n);
        }
        if (n instanceof Text t && !t.getText().isBlank()) {
            Bounds b = root.sceneToLocal(t.localToScene(t.getBoundsInLocal()));
            String text = t.getText();
            shown.add(text);
            if (t.getFont().getSize() < 7) {
                problems.add("'" + text + "' at " + t.getFont().getSize() + " pt");
            }
            if (text.endsWith("…") || text.endsWith("...")) {
                problems.add("'" + text + "' is cut");
            }
            if (b.getMinX() < -0.5 || b.getMaxX() > root.getWidth() + 0.5 || b.getMinY() < -0.5
                    || b.getMaxY() > root.getHeight() + 0.5) {
                problems.add("'" + text + "' runs off the picture: " + b);
            }
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                walk(root, c, problems, shown);
            }
        }
    }
}
