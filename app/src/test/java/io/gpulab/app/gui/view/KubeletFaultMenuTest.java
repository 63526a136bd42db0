package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.StatusCondition;
import java.time.Duration;
import java.util.List;
import javafx.event.Event;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Faults → Stop kubelet of W, in the workbench at 1280x720: the worker's box warns at once, after the grace the node
 * is Ready=Unknown and tainted and its running pod Ready=False, 300 s after the taint the pod is evicted, and
 * Faults → Bring back kubelet of W heals the node. Each a recorded step of the lab's history.
 */
@ExtendWith(ApplicationExtension.class)
class KubeletFaultMenuTest {

    private static final String WORKER = "tenant-a-worker";
    private static final String POD = """
            apiVersion: v1
            kind: Pod
            metadata: {name: before, namespace: default}
            spec:
              containers:
                - name: main
                  image: busybox
                  resources:
                    limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 1000, nvidia.com/gpucores: 10}
            """;

    private Workbench workbench;
    private Stage stage;

    /** The workbench opens in the test, not in TestFX's setup, whose 60 s guard a loaded machine outlasts. */
    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    /** The Faults menu's item of that text, as the menu fills itself when it opens. */
    private static MenuItem item(FxRobot robot, String text) {
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        Menu f = bar.getMenus().stream().filter(m -> "Faults".equals(m.getText())).findFirst().orElseThrow();
        robot.interact(() -> f.getOnShowing().handle(new Event(Menu.ON_SHOWING)));
        return f.getItems().stream().filter(i -> text.equals(i.getText())).findFirst()
                .orElseThrow(() -> new AssertionError("no Faults item \"" + text + "\" in " + f.getItems().stream()
                        .map(MenuItem::getText).toList()));
    }

    private static List<String> warnings(FxRobot robot) {
        return robot.lookup(".node-warning").queryAllAs(WordWrapLabel.class).stream()
                .map(WordWrapLabel::getFullText).toList();
    }

    private NodeView node() {
        return workbench.viewModel().snapshot().tenant("tenant-a").orElseThrow().node(WORKER).orElseThrow();
    }

    private void act(FxRobot robot, Runnable r) {
        robot.interact(r);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void stoppingAKubeletFromTheMenuMarksTheNodeEvictsItsPodAndBringingItBackHeals(FxRobot robot) {
        workbench = FxTestSupport.showAt(robot, stage, "article", 1280, 720, false);
        WorkbenchViewModel vm = workbench.viewModel();
        act(robot, () -> vm.submitYaml("tenant-a", "before.yaml", POD));
        assertEquals("Running", vm.snapshot().tenant("tenant-a").orElseThrow().pod("default/before").orElseThrow()
                .phase());
        assertEquals(List.of(), warnings(robot));
        int actions = vm.history().timeline().size();

        act(robot, item(robot, "Stop kubelet of " + WORKER)::fire);
        assertEquals(actions + 1, vm.history().timeline().size(), "one action");
        assertTrue(vm.recording().text().contains("kubelet: down"), vm.recording().text());
        assertEquals(1, warnings(robot).size(), warnings(robot).toString());
        // the toolbar's clock and the warning read one clock: it said "since 2026-01-01T00:00:00Z" beside 00:00:00
        String clock = robot.lookup("#clock").queryAs(javafx.scene.control.Label.class).getText();
        assertTrue(warnings(robot).get(0).startsWith("⚠ kubelet down since " + clock + " (fault)"),
                clock + " / " + warnings(robot));
        assertEquals("True", node().ready().orElseThrow().status(), "the grace: still Ready");

        act(robot, () -> vm.advance(Duration.ofSeconds(50)));
        assertEquals(new StatusCondition("Ready", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node "
                + "status.", node().ready().orElseThrow().lastTransitionTime()), node().ready().orElseThrow());
        assertEquals(List.of("node.kubernetes.io/unreachable:NoSchedule", "node.kubernetes.io/unreachable:NoExecute"),
                node().taints().stream().map(t -> t.text()).toList());
        assertTrue(warnings(robot).stream().anyMatch(w -> w.contains("Ready=Unknown (NodeStatusUnknown: Kubelet "
                + "stopped posting node status.); taints node.kubernetes.io/unreachable:NoSchedule")),
                warnings(robot).toString());
        var pod = vm.snapshot().tenant("tenant-a").orElseThrow().pod("default/before").orElseThrow();
        assertEquals("Running", pod.phase());
        assertEquals("False", pod.ready().status());

        act(robot, () -> vm.advance(Duration.ofSeconds(300)));
        assertTrue(vm.snapshot().tenant("tenant-a").orElseThrow().pod("default/before").isEmpty(),
                "evicted 300 s after the taint");
        assertTrue(vm.snapshot().tenant("tenant-b").orElseThrow().node("tenant-b-worker").orElseThrow().taints()
                .isEmpty(), "tenant-b's worker untouched");

        act(robot, item(robot, "Bring back kubelet of " + WORKER)::fire);
        assertTrue(vm.recording().text().contains("kubelet: up"), vm.recording().text());
        assertEquals("True", node().ready().orElseThrow().status());
        assertEquals(List.of(), node().taints());
        assertEquals(List.of(), warnings(robot), "the worker's warnings are gone");
        assertTrue(item(robot, "Stop kubelet of " + WORKER) != null, "the menu offers to stop it again");
    }
}
