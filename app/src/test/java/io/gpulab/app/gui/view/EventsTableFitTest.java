package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.engine.api.LabEvent;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The events table at 1024x768 and 1280x720 reads without hovering: every row in view shows its time, tenant and
 * reason whole, and its object and message whole, wrapped inside their columns; no column lies past the table's
 * right edge. (The table cut REASON, OBJECT and MESSAGE to a hover per cell at both sizes.)
 */
@ExtendWith(ApplicationExtension.class)
class EventsTableFitTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void everyRowInViewReadsWholeAtBothNarrowSizes(FxRobot robot) {
        List<String> wrong = new ArrayList<>();
        for (int[] size : new int[][] {{1024, 768}, {1280, 720}}) {
            String where = size[0] + "x" + size[1];
            Workbench wb = FxTestSupport.showAt(robot, stage, "article", size[0], size[1], false);
            robot.interact(() -> wb.viewModel().playback().playScenarioSteps());
            WaitForAsyncUtils.waitForFxEvents();
            Node drawerTable = robot.lookup("#events").query();
            if (!drawerTable.isVisible()) {
                robot.clickOn("#events-toggle");
                WaitForAsyncUtils.waitForFxEvents();
            }
            @SuppressWarnings("unchecked")
            TableView<LabEvent> table = (TableView<LabEvent>) drawerTable;
            int[] rows = new int[1];
            robot.interact(() -> {
                stage.getScene().getRoot().applyCss();
                stage.getScene().getRoot().layout();
                double used = table.getVisibleLeafColumns().stream().mapToDouble(TableColumn::getWidth).sum();
                if (used > table.getWidth() + 1) {
                    wrong.add(where + ": the columns take " + used + " px of a " + table.getWidth() + " px table");
                }
                if (table.getVisibleLeafColumns().stream().noneMatch(c -> c.getText().equals("MESSAGE"))) {
                    wrong.add(where + ": no MESSAGE column");
                }
                Node flow = table.lookup(".virtual-flow");
                Bounds view = flow.localToScene(flow.getLayoutBounds());
                for (Node n : table.lookupAll(".table-row-cell")) {
                    IndexedCell<?> r = (IndexedCell<?>) n;
                    Bounds b = r.localToScene(r.getLayoutBounds());
                    if (!r.isVisible() || r.isEmpty() || r.getItem() == null || b.getMinY() < view.getMinY() - 1
                            || b.getMaxY() > view.getMaxY() + 1) {
                        continue;
                    }
                    rows[0]++;
                    for (Node c : r.lookupAll(".table-cell")) {
                        Labeled cell = (Labeled) c;
                        if (!cell.isVisible()) {
                            continue;
                        }
                        Bounds cb = cell.localToScene(cell.getLayoutBounds());
                        if (cell.getText() != null && !cell.getText().equals(FxTestSupport.drawn(cell))) {
                            wrong.add(where + ": '" + cell.getText() + "' drawn as '" + FxTestSupport.drawn(cell) + "'");
                        }
                        if (cell.getGraphic() instanceof Text t) {
                            Bounds tb = t.localToScene(t.getLayoutBounds());
                            if (tb.getMaxX() > cb.getMaxX() + 1 || tb.getMaxY() > cb.getMaxY() + 1) {
                                wrong.add(where + ": '" + t.getText() + "' runs out of its cell (" + tb + " in " + cb
                                        + ")");
                            }
                        }
                    }
                }
            });
            assertTrue(rows[0] >= 2, where + ": rows in view " + rows[0]);
        }
        assertEquals(List.of(), wrong);
    }
}
