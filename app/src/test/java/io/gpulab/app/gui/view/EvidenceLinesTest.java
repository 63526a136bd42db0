package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The timeline's line (which version is shown, when, after what) and the management band's summary (control planes,
 * DataStores, nodes, Kamaji) are evidence on a screenshot: at 1024x768 and 1280x720 they were cut to
 * "now · version 0 of 0 · as o…" and "… Kamaji re…", the rest only on hover. They wrap, every word drawn, inside the
 * window, on the fresh lab and after the whole scenario (the longest action label), band closed and open.
 * <p>
 * So do the latest event and the DataStores' tenant prefixes: the events drawer's "latest: REASON · OBJECT · MESSAGE"
 * was cut at every size ("0/1 nodes are availa…"), and the table under it cuts the same message at 1024 and 1280 px;
 * at 1920x1080 the open band's DataStore box showed "tenant-a → prefix /06a36585-9…". The bar shows the latest event
 * whole, drawer open and closed; every prefix is drawn whole, inside the window.
 */
@ExtendWith(ApplicationExtension.class)
class EvidenceLinesTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void theTimelineAndTheManagementSummaryAreDrawnWholeAtEverySize(FxRobot robot) {
        List<String> wrong = new ArrayList<>();
        int[] wrapped = new int[1];
        // the drawer's latest line seen [0] closed, [1] open; [2] prefixes seen
        int[] seen = new int[3];
        int[][] sizes = {{1024, 768}, {1280, 720}, {1920, 1080}};
        for (int[] size : sizes) {
            String where = size[0] + "x" + size[1];
            Workbench wb = FxTestSupport.showAt(robot, stage, "article", size[0], size[1], size[0] == 1280);
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " fresh", wrong, wrapped, seen);
            robot.interact(() -> wb.viewModel().playback().playScenarioSteps());
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " played", wrong, wrapped, seen);
            // the band the other way round: opened where a short window closed it, closed where it was open
            robot.clickOn("#management-toggle");
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " band toggled", wrong, wrapped, seen);
            // the drawer the other way round too: the latest event is shown in the bar or in the table, whole
            robot.clickOn("#events-toggle");
            WaitForAsyncUtils.waitForFxEvents();
            check(robot, where + " drawer toggled", wrong, wrapped, seen);
            robot.interact(() -> wb.viewModel().close());
        }
        assertEquals(List.of(), wrong);
        assertTrue(wrapped[0] > 0, "a line needed more than one line somewhere (1024x768): the test saw the long text");
        assertTrue(seen[0] > 0 && seen[1] > 0 && seen[2] > 0, "the latest event with the drawer closed and open, and"
                + " the prefixes, were each looked at: " + java.util.Arrays.toString(seen));
    }

    private void check(FxRobot robot, String where, List<String> wrong, int[] wrapped, int[] seen) {
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            List<javafx.scene.control.Labeled> lines = new ArrayList<>();
            for (String id : List.of("timeline-where", "management-summary")) {
                lines.add((javafx.scene.control.Labeled) stage.getScene().lookup("#" + id));
            }
            javafx.scene.control.Labeled latest = (javafx.scene.control.Labeled) stage.getScene().lookup("#events-latest");
            lines.add(latest);
            if (!latest.isVisible() || ((WordWrapLabel) latest).getFullText().isEmpty()) {
                wrong.add(where + ": the drawer's bar does not show the latest event");
            }
            seen[stage.getScene().lookup("#events").isVisible() ? 1 : 0]++;
            for (javafx.scene.Node n : stage.getScene().getRoot().lookupAll(".ds-prefix")) {
                lines.add((javafx.scene.control.Labeled) n);
                seen[2]++;
            }
            for (javafx.scene.control.Labeled l : lines) {
                String id = l.getId();
                String full = l instanceof WordWrapLabel w ? w.getFullText() : l.getText();
                String drawn = FxTestSupport.drawn(l);
                if (!drawn.replaceAll("\\s+", " ").strip().equals(full.replaceAll("\\s+", " ").strip())) {
                    wrong.add(where + ": #" + id + " '" + full + "' is drawn as '" + drawn + "'");
                }
                Bounds b = l.localToScene(l.getLayoutBounds());
                if (b.getMinX() < 0 || b.getMaxX() > stage.getScene().getWidth() + 1 || b.getMinY() < 0
                        || b.getMaxY() > stage.getScene().getHeight() + 1) {
                    wrong.add(where + ": #" + id + " at " + b + " is outside the window");
                }
                if (l.getHeight() > l.getFont().getSize() * 2.2) {
                    wrapped[0]++;
                }
            }
        });
    }
}
