package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.Formats;
import io.gpulab.engine.api.LabEvent;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The events table leaves TYPE and SOURCE out at 1024 and 1280 px wide windows (EventsTableFitTest: the rest wraps
 * whole). A row clicked shows its event whole under the table, every
 * column of it, wrapped, inside the window, at 1024x768, 1280x720 and 1920x1080; nothing selected, nothing shown.
 */
@ExtendWith(ApplicationExtension.class)
class EventDetailTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void aClickedEventReadsWholeUnderTheTable(FxRobot robot) {
        List<String> wrong = new ArrayList<>();
        int cutCells = 0;
        for (int[] size : new int[][] {{1024, 768}, {1280, 720}, {1920, 1080}}) {
            String where = size[0] + "x" + size[1];
            Workbench wb = FxTestSupport.showAt(robot, stage, "article", size[0], size[1], size[0] == 1280);
            robot.interact(() -> wb.viewModel().playback().playScenarioSteps());
            WaitForAsyncUtils.waitForFxEvents();
            Node drawerTable = robot.lookup("#events").query();
            if (!drawerTable.isVisible()) {
                robot.clickOn("#events-toggle"); // short windows start with the drawer closed
                WaitForAsyncUtils.waitForFxEvents();
            }
            assertTrue(drawerTable.isVisible(), where + ": the drawer opens");
            assertTrue(!robot.lookup("#events-selected").query().isVisible(), where + ": nothing selected, no detail");
            @SuppressWarnings("unchecked")
            TableView<LabEvent> table = (TableView<LabEvent>) drawerTable;
            // two rows in view (the table scrolls to the newest): click each one's MESSAGE cell, as a user would
            List<IndexedCell<?>> rows = new ArrayList<>();
            robot.interact(() -> {
                // the rows drawn whole inside the table's viewport (the flow keeps spare cells, and the newest row
                // may be partly under the bottom edge)
                Node flow = table.lookup(".virtual-flow");
                Bounds view = flow.localToScene(flow.getLayoutBounds());
                table.lookupAll(".table-row-cell").forEach(n -> {
                    IndexedCell<?> r = (IndexedCell<?>) n;
                    Bounds b = r.localToScene(r.getLayoutBounds());
                    if (r.isVisible() && !r.isEmpty() && r.getItem() != null && b.getMinY() >= view.getMinY() - 1
                            && b.getMaxY() <= view.getMaxY() + 1) {
                        rows.add(r);
                    }
                });
            });
            assertTrue(rows.size() >= 2, where + ": rows in view " + rows.size());
            rows.sort(java.util.Comparator.comparingInt(IndexedCell::getIndex));
            for (IndexedCell<?> row : List.of(rows.get(rows.size() - 1), rows.get(0))) {
                Node message = row.lookupAll(".table-cell").stream().reduce((a, b) -> b).orElseThrow();
                robot.clickOn(message);
                WaitForAsyncUtils.waitForFxEvents();
                LabEvent e = table.getSelectionModel().getSelectedItem();
                assertEquals(row.getItem(), e, where + ": the clicked row is selected");
                int[] cut = new int[1];
                robot.interact(() -> {
                    stage.getScene().getRoot().applyCss();
                    stage.getScene().getRoot().layout();
                    // a narrow table leaves TYPE and SOURCE out: the detail is where they are read
                    cut[0] += (int) table.getColumns().stream().filter(c -> !c.isVisible()).count();
                    for (Node c : row.lookupAll(".table-cell")) {
                        var cell = (javafx.scene.control.Labeled) c;
                        if (cell.getText() != null && !cell.getText().equals(FxTestSupport.drawn(cell))) {
                            cut[0]++;
                        }
                    }
                    WordWrapLabel detail = (WordWrapLabel) stage.getScene().lookup("#events-selected");
                    String full = "selected: " + Formats.time(e.time()) + " · " + (e.tenant().isEmpty() ? "mgmt"
                            : e.tenant()) + " · " + e.type() + " · " + e.reason() + " · " + e.object() + " · "
                            + e.source() + ": " + e.message();
                    String drawn = FxTestSupport.drawn(detail).replaceAll("\\s+", " ").strip();
                    if (!detail.isVisible() || !full.equals(detail.getFullText())
                            || !drawn.equals(full.replaceAll("\\s+", " ").strip())) {
                        wrong.add(where + ": '" + full + "' shown as '" + drawn + "' (visible " + detail.isVisible()
                                + ")");
                    }
                    Bounds b = detail.localToScene(detail.getLayoutBounds());
                    if (b.getMinX() < 0 || b.getMaxX() > stage.getScene().getWidth() + 1
                            || b.getMaxY() > stage.getScene().getHeight() + 1) {
                        wrong.add(where + ": the detail at " + b + " is outside the window");
                    }
                    Bounds s = stage.getScene().lookup("#status").localToScene(
                            stage.getScene().lookup("#status").getLayoutBounds());
                    if (b.getMaxY() > s.getMinY() + 1) {
                        wrong.add(where + ": the detail runs under the status bar");
                    }
                });
                cutCells += size[0] < 1920 ? cut[0] : 0;
            }
            // closed, the drawer shows no detail; reopened, the selection's detail is back
            robot.clickOn("#events-toggle");
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(!robot.lookup("#events-selected").query().isVisible(), where + ": drawer closed, no detail");
            robot.interact(() -> wb.viewModel().close());
        }
        assertEquals(List.of(), wrong);
        assertTrue(cutCells > 0, "the table cut a cell or left a column out at 1024 or 1280 px: the test saw the case");
    }
}
