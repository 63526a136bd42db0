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
        // a percentage column says of what and when, one hover away ("GPU memory booked 67.1 %" said neither)
        javafx.scene.control.Label memory = table.getColumns().stream().map(c -> (javafx.scene.control.Label)
                c.getGraphic()).filter(l -> l.getText().equals("GPU\nmemory\nbooked")).findFirst().orElseThrow();
        assertEquals("GPU\nmemory\nbooked\nMB HAMi booked of all the candidate's cards' registered MB, at the end of "
                + "its replay (where pods leave: at its highest allocation sampled)", memory.getTooltip().getText());
        // nothing is stranded on either candidate: a sentence stands where the chart of bars of 0 was
        javafx.scene.control.Label none = robot.lookup("#plan-stranded-none").queryAs(javafx.scene.control.Label.class);
        assertTrue(none.getParent().isVisible() && none.getAccessibleText().startsWith("Stranded at the end: none. No "
                + "candidate leaves") && none.getText().startsWith("No candidate leaves"), none.getAccessibleText());
        assertFalse(robot.lookup("#" + PlanCharts.STRANDED).query().isVisible());
        // kamaji's and dedicated's curves are the same points: one colour shows where there are two, and the window
        // says so in the decision report's words (one engine check for both)
        javafx.scene.control.Label note = robot.lookup("#plan-curves-note").queryAs(javafx.scene.control.Label.class);
        assertTrue(note.isVisible(), "no note under the curves");
        assertEquals("GPU compute allocated: The curves of kamaji and dedicated coincide: the same points, drawn one "
                + "over the other (kamaji's lies under dedicated's).", note.getText());
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
        // a100's 2-card jobs lift its curve above the diagonal; no two curves coincide
        assertEquals("GPU compute allocated: " + io.gpulab.engine.plan.EmptyCharts.curvesNote(
                vm.resultProperty().get().candidates()).orElseThrow(), note.getText());
        assertTrue(note.getText().contains("the curve steps above the diagonal") && !note.getText().contains("coincide"),
                note.getText());
        assertTrue(robot.lookup("#" + PlanCharts.STRANDED).query().isVisible());
    }

    /**
     * At 1024x768, light and dark, before a run and with a robustness plan's answer: every label the view draws is
     * whole (the curves' axis label read "arrived demand, % of GPU ca..."), every chart and its legend lies inside the
     * scrollable answer (the robustness rows pushed the charts below the window's edge, the "Orders won" legend with
     * them), and the status line is on screen (the tool bar had put it in its overflow menu).
     */
    @Test
    void atTheSmallestScreenNothingIsCutOrOutOfReach(FxRobot robot) throws Exception {
        // 1024 px wide at any height: how the charts stand depends on the height left to them (a window a little
        // lower than the screen, the workbench's own Plan window, stood them side by side and cut the axis label)
        for (boolean dark : new boolean[] {false, true}) {
            for (int h : new int[] {768, 640}) {
                resize(robot, 1024, h, dark);
                assertWhole(robot, (dark ? "dark" : "light") + ", 1024x" + h + ", before a run", List.of(
                        PlanCharts.CURVES, PlanCharts.UTILISATION, PlanCharts.STRANDED));
            }
        }
        robot.clickOn("inference-a100-vs-l4");
        robot.clickOn("#plan-run");
        WaitForAsyncUtils.waitFor(300, TimeUnit.SECONDS, () -> vm.resultProperty().get() != null);
        for (boolean dark : new boolean[] {false, true}) {
            for (int[] size : new int[][] {{1024, 768}, {1024, 640}, {1280, 720}}) {
                resize(robot, size[0], size[1], dark);
                assertWhole(robot, (dark ? "dark" : "light") + ", " + size[0] + "x" + size[1]
                        + ", inference-a100-vs-l4", List.of(PlanCharts.CURVES, PlanCharts.UTILISATION,
                        PlanCharts.STRANDED, PlanCharts.WINS));
                // the wins chart names the candidates: its legend holds their names, drawn whole
                List<String> names = new ArrayList<>();
                robot.lookup("#" + PlanCharts.WINS).query().lookupAll(".chart-legend-item").forEach(n ->
                        names.add(io.gpulab.app.gui.view.FxTestSupport.drawn((javafx.scene.control.Labeled) n)));
                assertEquals(List.of("a100", "l4", "a100-fixed-6"), names);
            }
        }
        javafx.scene.control.Label status = robot.lookup("#plan-status").queryAs(javafx.scene.control.Label.class);
        assertTrue(status.getScene() != null && shown(status) && status.getText().contains("3 candidates compared")
                && io.gpulab.app.gui.view.FxTestSupport.drawn(status).equals(status.getText()), status.getText());
    }

    private void resize(FxRobot robot, int width, int height, boolean dark) {
        robot.interact(() -> {
            stage.setWidth(width);
            stage.setHeight(height);
            io.gpulab.app.gui.view.Theme.apply(stage.getScene(), dark);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void assertWhole(FxRobot robot, String when, List<String> chartIds) {
        List<String> cut = new ArrayList<>();
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            for (javafx.scene.Node n : all(stage.getScene().getRoot(), new ArrayList<>())) {
                if (n instanceof javafx.scene.control.Labeled l && shown(l) && l.getText() != null
                        && !l.getText().isEmpty() && !(l instanceof javafx.scene.control.IndexedCell<?>)) {
                    String drawn = io.gpulab.app.gui.view.FxTestSupport.drawn(l);
                    if (!drawn.replaceAll("\\s+", " ").equals(l.getText().replaceAll("\\s+", " "))) {
                        cut.add("'" + l.getText() + "' drawn as '" + drawn + "'");
                    }
                }
            }
            javafx.scene.layout.Region answer = (javafx.scene.layout.Region) stage.getScene().getRoot()
                    .lookup("#plan-answer");
            for (String id : chartIds) {
                javafx.scene.Node chart = stage.getScene().getRoot().lookup("#" + id);
                // an empty chart (before a run) has an empty legend: only its frame is checked
                boolean filled = !((javafx.scene.chart.XYChart<?, ?>) chart).getData().isEmpty();
                for (javafx.scene.Node part : filled ? List.of(chart, chart.lookup(".chart-legend")) : List.of(chart)) {
                    javafx.geometry.Bounds b = answer.sceneToLocal(part.localToScene(part.getLayoutBounds()));
                    if (!shown(part) || b.getMaxY() > answer.getHeight() + 0.5 || b.getHeight() < 10) {
                        cut.add(id + " " + part.getStyleClass() + " out of reach: " + b + " in an answer "
                                + answer.getHeight() + " px high");
                    }
                }
            }
        });
        assertTrue(cut.isEmpty(), when + ": " + cut);
    }

    /** Every node under this one (controls' skins included: a chart's axis label is a Label inside its axis). */
    private static List<javafx.scene.Node> all(javafx.scene.Node n, List<javafx.scene.Node> into) {
        into.add(n);
        if (n instanceof javafx.scene.Parent p) {
            for (javafx.scene.Node c : p.getChildrenUnmodifiable()) {
                all(c, into);
            }
        }
        return into;
    }

    private static boolean shown(javafx.scene.Node n) {
        for (javafx.scene.Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
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
