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
}
