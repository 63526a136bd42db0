package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.Selection;
import javafx.scene.control.Slider;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The timeline under the canvas: back to an earlier version, read-only, and return to now. */
@ExtendWith(ApplicationExtension.class)
class TimeTravelTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage);
    }

    private void slideTo(FxRobot robot, int version) {
        robot.interact(() -> robot.lookup("#timeline-slider").queryAs(Slider.class).setValue(version));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void draggingBackShowsTheLabItsEventsAndTracesAsTheyWereAndNowComesBack(FxRobot robot) {
        robot.clickOn("#play-scenario");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("60,000 / 81,920 MB", FxTestSupport.text(robot, "mem-tenant-a-worker-GPU-0"));
        int eventsNow = workbench.viewModel().events().size();

        slideTo(robot, 2);
        assertEquals("40,000 / 81,920 MB", FxTestSupport.text(robot, "mem-tenant-a-worker-GPU-0"));
        assertTrue(robot.lookup("#pod-gpu-pod-3").tryQuery().isEmpty(), "the third pod did not exist yet");
        assertTrue(workbench.viewModel().events().size() < eventsNow, "only the events up to then");
        assertTrue(FxTestSupport.text(robot, "timeline-where").startsWith("viewing · version 2 of 5"));

        robot.interact(() -> workbench.viewModel().selectionProperty().set(Selection.pod("tenant-a",
                "default/gpu-pod-2")));
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(workbench.viewModel().traceProperty().get());
        assertEquals("default/gpu-pod-2", workbench.viewModel().traceProperty().get().podKey());

        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        assertEquals("40,000 / 81,920 MB", FxTestSupport.text(robot, "mem-tenant-a-worker-GPU-0"),
                "read-only: a drop changes nothing");
        assertEquals(5, workbench.viewModel().history().timeline().size());

        robot.clickOn("#timeline-now");
        WaitForAsyncUtils.waitForFxEvents();
        assertNull(workbench.viewModel().past().pastProperty().get());
        assertEquals("60,000 / 81,920 MB", FxTestSupport.text(robot, "mem-tenant-a-worker-GPU-0"));
        assertEquals(eventsNow, workbench.viewModel().events().size());
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-b");
        assertEquals(6, workbench.viewModel().history().timeline().size(), "live again: the drop is an action");
    }

    @Test
    void aVersionBeforeAResetIsRebuiltFromItsOwnActions(FxRobot robot) {
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        robot.clickOn("#reset");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("0 / 81,920 MB", FxTestSupport.text(robot, "mem-tenant-a-worker-GPU-0"));
        slideTo(robot, 1);
        assertEquals("20,000 / 81,920 MB", FxTestSupport.text(robot, "mem-tenant-a-worker-GPU-0"));
        slideTo(robot, 2);
        assertEquals("0 / 81,920 MB", FxTestSupport.text(robot, "mem-tenant-a-worker-GPU-0"));
        assertNull(workbench.viewModel().past().pastProperty().get(), "the right end is now");
    }

    /** The inspector's values on screen now. */
    private static java.util.List<String> inspectorValues(FxRobot robot) {
        return robot.lookup(".inspector-value").queryAllAs(javafx.scene.control.Label.class).stream()
                .map(javafx.scene.control.Label::getText).toList();
    }

    /**
     * Every surface reads the version shown: a pod pending then and running now is pending in the inspector, with its
     * reason of then, and counted pending in the status bar; a DataStore without quorum then and healed now is said by
     * the management band and the tenant's panel then, and by neither once back to now.
     */
    @Test
    void aPastVersionIsDescribedAsItWasNotAsItIsNow(FxRobot robot) {
        var vm = workbench.viewModel();
        robot.clickOn("#play-scenario");
        WaitForAsyncUtils.waitForFxEvents();
        int pending = vm.history().timeline().size();
        robot.interact(() -> vm.faults().setDataStoreMember("default", "kamaji-etcd-0", false));
        robot.interact(() -> vm.faults().setDataStoreMember("default", "kamaji-etcd-1", false));
        int noQuorum = vm.history().timeline().size();
        robot.interact(() -> vm.faults().setDataStoreMember("default", "kamaji-etcd-1", true));
        robot.interact(() -> vm.advance(java.time.Duration.ofSeconds(10)));
        robot.interact(() -> vm.deletePod("tenant-a", "default/gpu-pod-1"));
        robot.interact(() -> vm.advance(java.time.Duration.ofSeconds(30)));
        WaitForAsyncUtils.waitForFxEvents();
        String podNow = vm.snapshot().tenant("tenant-a").orElseThrow().pods().stream()
                .filter(p -> p.name().equals("gpu-pod-4")).findFirst().orElseThrow().phase();
        assertEquals("Running", podNow, "now: the freed share lets the fourth pod run");
        assertTrue(FxTestSupport.text(robot, "status-counts").contains(" 1 pending"),
                FxTestSupport.text(robot, "status-counts"));
        assertTrue(robot.lookup("#api-tenant-a").tryQuery().isEmpty(), "now the API server serves");

        slideTo(robot, pending);
        robot.interact(() -> vm.selectionProperty().set(Selection.pod("tenant-a", "default/gpu-pod-4")));
        WaitForAsyncUtils.waitForFxEvents();
        String words = vm.pods().plainReason("tenant-a", "default/gpu-pod-4").orElseThrow().text();
        assertTrue(inspectorValues(robot).contains(words), inspectorValues(robot).toString());
        assertTrue(inspectorValues(robot).stream().anyMatch(v -> v.startsWith("Pending")),
                inspectorValues(robot).toString());
        assertTrue(FxTestSupport.text(robot, "status-counts").contains(" 2 pending"),
                FxTestSupport.text(robot, "status-counts"));

        slideTo(robot, noQuorum);
        assertTrue(robot.lookup("#api-tenant-a").tryQuery().isPresent(), "then the DataStore had no quorum");
        javafx.scene.control.Label summary = robot.lookup("#management-summary").queryAs(javafx.scene.control.Label
                .class);
        String band = summary instanceof WordWrapLabel w ? w.getFullText() : summary.getText();
        assertTrue(band.contains("DataStore default 1/3 (no quorum)"), band);

        robot.clickOn("#timeline-now");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#api-tenant-a").tryQuery().isEmpty());
        assertTrue(FxTestSupport.text(robot, "status-counts").contains(" 1 pending"));
    }
}
