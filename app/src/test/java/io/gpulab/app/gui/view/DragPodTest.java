package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The article's card, filled by dragging pods from the palette onto tenant-a. */
@ExtendWith(ApplicationExtension.class)
class DragPodTest {

    @Start
    void start(Stage stage) throws Exception {
        FxTestSupport.show(stage);
    }

    @Test
    void threeArticlePodsFillTheCardAndTheFourthIsRefusedForCompute(FxRobot robot) {
        for (int i = 0; i < 3; i++) {
            FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        }
        assertEquals("60,000 / 81,920 MB", FxTestSupport.text(robot, "mem-tenant-a-worker-GPU-0"));
        assertEquals("90 / 100 %", FxTestSupport.text(robot, "core-tenant-a-worker-GPU-0"));
        assertEquals("3 of 10", FxTestSupport.text(robot, "slots-tenant-a-worker-GPU-0"));

        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        assertEquals("CardInsufficientCore", FxTestSupport.text(robot, "reason-gpu-pod-4"));
        assertEquals("3 of 10", FxTestSupport.text(robot, "slots-tenant-a-worker-GPU-0"));
        javafx.scene.control.Label badge = robot.lookup("#reason-gpu-pod-4").queryAs(javafx.scene.control.Label.class);
        assertTrue(badge.getTooltip().getText().contains("Fix: ask for fewer gpucores"), badge.getTooltip().getText());
    }

    @Test
    void aPodDroppedOnACardLandsOnThatCard(FxRobot robot) {
        FxTestSupport.dragPod(robot, "article", "card-tenant-b-worker-GPU-1");
        assertEquals("20,000 / 24,576 MB", FxTestSupport.text(robot, "mem-tenant-b-worker-GPU-1"));
        assertEquals("0 / 24,576 MB", FxTestSupport.text(robot, "mem-tenant-b-worker-GPU-0"));
    }
}
