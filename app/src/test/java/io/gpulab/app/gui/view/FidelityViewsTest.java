package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The workbench shows a tenant's GPU quota fill per namespace and a MIG card's instances. */
@ExtendWith(ApplicationExtension.class)
class FidelityViewsTest {

    @Start
    void start(Stage stage) throws Exception {
        Path f = Files.createTempFile("quota-mig", ".yaml");
        f.toFile().deleteOnExit();
        try (var in = FidelityViewsTest.class.getResourceAsStream("/fidelity/quota-mig.yaml")) {
            Files.write(f, in.readAllBytes());
        }
        FxTestSupport.show(stage, f.toString(), 1600, 1000, false);
    }

    @Test
    void quotaFillAndMigInstancesAreDrawn(FxRobot robot) {
        QuotaFillView quota = robot.lookup("#quota-tenant-a").queryAs(QuotaFillView.class);
        List<String> rows = quota.getChildren().stream().filter(n -> n instanceof Label)
                .map(n -> ((Label) n).getText()).toList();
        // the existing pod's 3g.40gb instance counts against team-a's quota
        assertEquals(List.of("GPU quota per namespace", "team-a memory: 40,960 / 60,000 MB",
                "team-a cores: 42 / 100 %"), rows);
        MigStrip mig = robot.lookup("#mig-GPU-mig").queryAs(MigStrip.class);
        assertTrue(robot.from(mig).lookup(".mig-instance").queryAll().size() == 1);
        assertEquals("MIG: 1 instance(s), 4 of 8 slices free",
                ((Label) robot.from(mig).lookup(".mig-caption").query()).getText());
    }
}
