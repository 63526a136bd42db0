package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A pending pod's reason badge can be a whole kube-scheduler sentence: a minute after tenant-a's kubelet stops, the
 * article's two pending pods read "node(s) had untolerated taint {node.kubernetes.io/unreachable: }", and at
 * 1920x1080 gpu-pod-90g's chip ran past its tenant's panel, its end cut by the panel's edge (seen in the real window).
 * Each chip stays inside its tenant; a badge that gives way is whole on hover.
 */
class PendingChipInsideTenantTest {

    @ParameterizedTest
    @CsvSource({"1024, 768", "1280, 720", "1920, 1080"})
    void aLongReasonBadgeStaysInsideItsTenantAndIsWholeOnHover(double width, double height) throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        FxRobot robot = new FxRobot();
        Workbench w = FxTestSupport.showAt(robot, stage, "article", width, height, false);
        robot.interact(() -> w.viewModel().playback().playScenarioSteps());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> w.viewModel().faults().setKubelet("tenant-a", "tenant-a-worker", false));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> w.viewModel().advance(Duration.ofSeconds(60)));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> wrong = new ArrayList<>();
        List<String> badges = new ArrayList<>();
        robot.interact(() -> {
            stage.getScene().getRoot().applyCss();
            stage.getScene().getRoot().layout();
            Node panel = stage.getScene().lookup("#tenant-tenant-a");
            Bounds edge = panel.localToScene(panel.getLayoutBounds());
            for (String pod : List.of("gpu-pod-4", "gpu-pod-90g")) {
                Node chip = stage.getScene().lookup("#pod-" + pod);
                Bounds b = chip.localToScene(chip.getLayoutBounds());
                if (b.getMaxX() > edge.getMaxX() + 0.5) {
                    wrong.add(pod + "'s chip ends at " + Math.round(b.getMaxX()) + ", its tenant at "
                            + Math.round(edge.getMaxX()));
                }
                Label badge = (Label) stage.getScene().lookup("#reason-" + pod);
                badges.add(badge.getText());
                String drawn = FxTestSupport.drawn(badge);
                if (!drawn.equals(badge.getText()) && (badge.getTooltip() == null
                        || !badge.getTooltip().getText().contains(badge.getText()))) {
                    wrong.add(pod + "'s badge reads '" + drawn + "', its whole text on no hover");
                }
            }
        });
        assertTrue(badges.stream().allMatch(b -> b.contains("untolerated taint")), "the taint's reason: " + badges);
        assertEquals(List.of(), wrong, "at " + width + "x" + height);
        robot.interact(() -> w.viewModel().close());
    }
}
