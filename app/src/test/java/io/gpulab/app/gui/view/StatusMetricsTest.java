package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The status bar carries the lab metrics: GPU allocation as FGD counts it, and the host CPU requested. */
@ExtendWith(ApplicationExtension.class)
class StatusMetricsTest {

    @Start
    void start(Stage stage) throws Exception {
        FxTestSupport.show(stage);
    }

    @Test
    void aSharedPodRaisesTheGpuAllocationByItsShareOfTheLabsCards(FxRobot robot) {
        assertTrue(FxTestSupport.text(robot, "status-counts").contains("GPU 0.0 % allocated"),
                FxTestSupport.text(robot, "status-counts"));
        // the article pod books 30 % of one card; the lab has three cards
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        assertTrue(FxTestSupport.text(robot, "status-counts").contains("GPU 10.0 % allocated"),
                FxTestSupport.text(robot, "status-counts"));
        // one hover away: of what, over which cards, at which moment
        String hover = robot.lookup("#status-counts").queryAs(javafx.scene.control.Labeled.class).getTooltip().getText();
        assertTrue(hover.startsWith("GPU allocated: FGD's GPU allocation of all 3 cards of the lab, now (not an "
                + "average): 10.00 % = 300 of 3,000 GPU-milli") && hover.contains("card memory 15.26 % (20,000 of "
                + "131,072 MB)"), hover);
    }
}
