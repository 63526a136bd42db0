package io.gpulab.app.gui.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.fx.FxThread;
import io.gpulab.engine.plan.CandidateResult;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.LineChart;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Plan view runs a built-in plan in the background and shows every candidate side by side. */
@ExtendWith(ApplicationExtension.class)
class PlanViewTest {

    private PlanViewModel vm;
    private final List<CandidateResult> opened = new ArrayList<>();
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        vm = new PlanViewModel(Executors.newSingleThreadExecutor(), FxThread::runNowOrLater);
        PlanView view = new PlanView(vm, PlanWindow.openButtons(vm, stage), opened::add, () -> { });
        stage.setScene(new Scene(view, 1600, 1000));
        io.gpulab.app.gui.view.Theme.apply(stage.getScene(), false);
        stage.show();
    }

    @Test
    void aBuiltInPlanRunsAndShowsCandidatesCurvesAndBars(FxRobot robot) throws Exception {
        robot.clickOn("inference-a100-vs-l4");
        assertTrue(vm.textProperty().get().contains("kind: Plan"));
        robot.clickOn("#plan-run");
        // a generous guard: the plan's robustness replays share two cores with everything else on a loaded machine
        WaitForAsyncUtils.waitFor(300, TimeUnit.SECONDS, () -> vm.resultProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> table = robot.lookup("#plan-candidates").queryAs(TableView.class);
        assertEquals(3, table.getItems().size());
        // the view's charts are PlanCharts', the class the decision report renders (DecisionReportTest)
        LineChart<?, ?> curves = robot.lookup("#" + PlanCharts.CURVES).queryAs(LineChart.class);
        assertEquals(4, curves.getData().size(), "one curve per candidate and the diagonal");
        assertEquals(3, robot.lookup("#" + PlanCharts.UTILISATION).queryAs(BarChart.class).getData().size());
        assertEquals(2, robot.lookup("#" + PlanCharts.STRANDED).queryAs(BarChart.class).getData().size());
        assertTrue(robot.lookup("#" + PlanCharts.HEAT).query() instanceof HeatMap);
        // the recommendation opens the answer; the robustness replays show as a table and a chart
        assertTrue(robot.lookup("#plan-recommendation").queryAs(javafx.scene.control.Label.class).getText()
                .startsWith("Recommendation: l4"));
        assertEquals(6, robot.lookup("#plan-robustness").queryAs(TableView.class).getItems().size(),
                "3 candidates × 2 growth steps");
        assertEquals(3, robot.lookup("#" + PlanCharts.WINS).queryAs(BarChart.class).getData().size());
        assertTrue(vm.statusProperty().get().contains("3 candidates compared"), vm.statusProperty().get());
        assertFalse(robot.lookup("#plan-open-lab").queryAs(Button.class).isDisabled());
        robot.clickOn("#plan-open-lab");
        assertEquals(1, opened.size());
        File pdf = new File("target/plan-view-report.pdf");
        robot.interact(() -> vm.exportReport(pdf.toPath()));
        WaitForAsyncUtils.waitFor(300, TimeUnit.SECONDS, () -> vm.statusProperty().get().startsWith("Wrote"));
        assertTrue(vm.statusProperty().get().matches(".*\\(\\d+ pages\\).*"), vm.statusProperty().get());
        for (boolean dark : new boolean[] {false, true}) {
            robot.interact(() -> io.gpulab.app.gui.view.Theme.apply(stage.getScene(), dark));
            for (int[] size : new int[][] {{1280, 720}, {1600, 1000}, {1920, 1080}}) {
                robot.interact(() -> {
                    stage.setWidth(size[0]);
                    stage.setHeight(size[1]);
                });
                WaitForAsyncUtils.waitForFxEvents();
                for (String id : List.of(PlanCharts.CURVES, PlanCharts.UTILISATION, PlanCharts.STRANDED)) {
                    javafx.scene.Node legend = robot.lookup("#" + id).query().lookup(".chart-legend");
                    assertTrue(legend.isVisible(), id + " dropped its legend at " + size[0] + "x" + size[1]);
                }
                File png = new File("target/plan-view-" + size[0] + "x" + size[1] + (dark ? "-dark" : "") + ".png");
                robot.interact(() -> {
                    try {
                        ImageIO.write(SwingFXUtils.fromFXImage(stage.getScene().getRoot().snapshot(null, null),
                                null), "png", png);
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                assertTrue(png.length() > 10_000, png + " rendered");
            }
        }
    }

    @Test
    void aPlanThatStatesControlPlanesShowsTheirCostPerTenantInTheTable(FxRobot robot) throws Exception {
        robot.clickOn("kamaji-vs-dedicated");
        robot.clickOn("#plan-run");
        WaitForAsyncUtils.waitFor(300, TimeUnit.SECONDS, () -> vm.resultProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        TableView<?> table = robot.lookup("#plan-candidates").queryAs(TableView.class);
        javafx.scene.control.TableColumn<?, ?> cp = table.getColumns().get(table.getColumns().size() - 1);
        assertTrue(cp.isVisible(), "the control-plane column shows for a plan that states them");
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < table.getItems().size(); i++) {
            cells.add(String.valueOf(cp.getCellData(i)));
        }
        // the built-in plan: 1,050 EUR of management nodes over 8 tenants, 3 × 250 EUR per dedicated tenant
        assertEquals(List.of("kamaji 131 EUR", "dedicated 750 EUR"), cells);
        assertEquals("control\nplanes per\ntenant", ((javafx.scene.control.Label) cp.getGraphic()).getText());
        // nothing is stranded on either candidate: a sentence stands where the chart of bars of 0 was
        javafx.scene.control.Label none = robot.lookup("#plan-stranded-none").queryAs(javafx.scene.control.Label.class);
        assertTrue(none.getParent().isVisible() && none.getAccessibleText().startsWith("Stranded at the end: none. No "
                + "candidate leaves") && none.getText().startsWith("No candidate leaves"), none.getAccessibleText());
        assertFalse(robot.lookup("#" + PlanCharts.STRANDED).query().isVisible());
        for (int[] size : new int[][] {{1024, 768}, {1280, 720}}) {
            robot.interact(() -> {
                stage.setWidth(size[0]);
                stage.setHeight(size[1]);
            });
            WaitForAsyncUtils.waitForFxEvents();
            // no header or cell cut: every column at least as wide as its longest header line and its widest cell
            // (a narrow window scrolls the table sideways instead)
            for (javafx.scene.control.TableColumn<?, ?> c : table.getColumns()) {
                javafx.scene.control.Label head = (javafx.scene.control.Label) c.getGraphic();
                double need = TableFit.width(head.getText(), head.getFont());
                for (int i = 0; i < table.getItems().size(); i++) {
                    need = Math.max(need, TableFit.width(String.valueOf(c.getCellData(i)), head.getFont()));
                }
                assertTrue(!c.isVisible() || c.getWidth() >= need + 10, head.getText() + " is " + c.getWidth()
                        + " px wide for " + need + " px of text at " + size[0] + "x" + size[1]);
            }
            // the heat map's title and the button beside it whole (both were cut with "..." at 1024x768)
            Button asLab = robot.lookup("#plan-open-lab").queryAs(Button.class);
            assertTrue(asLab.getWidth() >= asLab.prefWidth(-1) - 0.5, "button cut at " + size[0] + ": "
                    + asLab.getWidth() + " of " + asLab.prefWidth(-1));
            javafx.scene.control.Label heatTitle = robot.lookup("#plan-heat-title").queryAs(
                    javafx.scene.control.Label.class);
            assertTrue(heatTitle.getHeight() >= heatTitle.prefHeight(heatTitle.getWidth()) - 0.5, "heat title cut at "
                    + size[0] + ": " + heatTitle.getHeight() + " of " + heatTitle.prefHeight(heatTitle.getWidth()));
        }
        File png = new File("target/plan-view-kamaji-1280x720.png");
        robot.interact(() -> {
            try {
                ImageIO.write(SwingFXUtils.fromFXImage(stage.getScene().getRoot().snapshot(null, null), null), "png",
                        png);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        robot.clickOn("inference-a100-vs-l4");
        robot.clickOn("#plan-run");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> vm.resultProperty().get() != null
                && vm.resultProperty().get().candidates().stream().noneMatch(c -> c.controlPlanes() != null));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(cp.isVisible(), "a plan without control planes has no such column");
        assertFalse(none.getParent().isVisible(), "a100 strands GPU memory: the chart is back");
        assertTrue(robot.lookup("#" + PlanCharts.STRANDED).query().isVisible());
    }

    @Test
    void aBadPlanSaysWhereAndRunsNothing(FxRobot robot) throws Exception {
        robot.interact(() -> vm.textProperty().set("apiVersion: gpulab.io/v1\nkind: Plan\nmetadata: {name: x}\n"
                + "workload: {pods: [{name: p, count: 1}]}\ncandidates:\n  - {name: a, worker: {cards: [{model: Q1}]},"
                + " workers: 1}\n  - {name: b, worker: {cards: [{model: L4}]}, workers: 1}\n"));
        robot.clickOn("#plan-run");
        WaitForAsyncUtils.waitFor(300, TimeUnit.SECONDS, () -> !vm.runningProperty().get());
        assertTrue(vm.statusProperty().get().startsWith("plan.yaml:6: candidates[0].worker.cards[0].model: unknown card"
                + " model 'Q1'"), vm.statusProperty().get());
        assertEquals(null, vm.resultProperty().get());
    }
}
