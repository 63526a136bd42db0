package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.PodTemplate;
import java.time.Duration;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A lab change redraws what changed: a pod landing on tenant-a's worker rebuilds that worker, not the
 * other tenant or the header controls, so an open menu stays open while the clock runs.
 */
@ExtendWith(ApplicationExtension.class)
class PartialRedrawTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage);
    }

    @Test
    void aPodLandingRebuildsItsWorkerOnly(FxRobot robot) {
        Node workerA = robot.lookup("#node-tenant-a-worker").query();
        Node workerB = robot.lookup("#node-tenant-b-worker").query();
        Node panelB = robot.lookup("#tenant-tenant-b").query();
        Node policyA = robot.lookup("#policy-tenant-a").query();
        robot.interact(() -> workbench.viewModel().submitTemplate(PodTemplate.builtIns().get(0), "tenant-a", null));
        assertTrue(FxTestSupport.text(robot, "mem-tenant-a-worker-GPU-0").startsWith("20,000 /"));
        assertNotSame(workerA, robot.lookup("#node-tenant-a-worker").query(), "the worker the pod landed on is redrawn");
        assertSame(workerB, robot.lookup("#node-tenant-b-worker").query(), "the other tenant's worker is untouched");
        assertSame(panelB, robot.lookup("#tenant-tenant-b").query());
        assertSame(policyA, robot.lookup("#policy-tenant-a").query(), "the header's controls are kept");
    }

    @Test
    void anOpenPolicyMenuStaysOpenWhileTheLabChanges(FxRobot robot) {
        @SuppressWarnings("unchecked")
        ChoiceBox<String> policy = robot.lookup("#policy-tenant-a").queryAs(ChoiceBox.class);
        robot.interact(policy::show);
        robot.interact(() -> workbench.viewModel().submitTemplate(PodTemplate.builtIns().get(0), "tenant-a", null));
        robot.interact(() -> workbench.viewModel().advance(Duration.ofSeconds(30)));
        ChoiceBox<?> now = robot.lookup("#policy-tenant-a").queryAs(ChoiceBox.class);
        assertSame(policy, now);
        assertTrue(now.isShowing(), "the menu the user opened is still open");
        robot.interact(policy::hide);
    }

    @Test
    void theInspectorKeepsItsSheetUntilTheSelectedObjectChanges(FxRobot robot) {
        String card = workbench.viewModel().snapshot().tenants().stream().filter(t -> t.name().equals("tenant-b"))
                .findFirst().orElseThrow().nodes().get(0).cards().get(0).id();
        robot.interact(() -> workbench.viewModel().selectionProperty().set(
                io.gpulab.app.gui.vm.Selection.card("tenant-b", card)));
        Node sheet = robot.lookup("#inspector-sheet").query();
        Node firstValue = robot.lookup("#inspector-sheet .inspector-value").query();
        robot.interact(() -> workbench.viewModel().submitTemplate(PodTemplate.builtIns().get(0), "tenant-a", null));
        robot.interact(() -> workbench.viewModel().advance(Duration.ofSeconds(30)));
        assertSame(firstValue, robot.lookup("#inspector-sheet .inspector-value").query(),
                "a pod on the other tenant and a clock tick leave the card's sheet as it was");
        robot.interact(() -> workbench.viewModel().submitTemplate(PodTemplate.builtIns().get(0), "tenant-b", card));
        assertNotSame(firstValue, robot.lookup("#inspector-sheet .inspector-value").query(),
                "a pod on this card changes what the inspector shows");
        assertTrue(robot.lookup("#inspector-sheet .inspector-value").queryAllAs(javafx.scene.control.Label.class)
                .stream().anyMatch(l -> l.getText().startsWith("20,000 /")), "its memory in use");
        assertSame(sheet, robot.lookup("#inspector-sheet").query());
    }
}
