package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.app.gui.vm.OpenedLab;
import io.gpulab.app.gui.vm.WriteGate;
import io.gpulab.engine.cluster.Await;
import io.gpulab.engine.cluster.BrokenServer;
import io.gpulab.engine.cluster.ClusterBackend;
import io.gpulab.engine.cluster.ClusterOptions;
import io.gpulab.engine.cluster.KubeconfigRef;
import io.gpulab.engine.cluster.MockLab;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.RecordedScenario;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.event.Event;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A cluster lab with a tenant whose API server refused to list its pods: its Konnectivity tunnel is unknown. The Faults
 * menu offered "Bring up Konnectivity agents of tenant-b" (a claim that they were down) and the header's switch sent
 * that command; every fault item was offered on a real cluster, which refuses them all; the management band said
 * "0 of 2 control planes Ready · Kamaji not ready" of a management cluster that was never read; the header's webhook
 * failurePolicy read "Unknown" and offered Ignore and Fail, a change gpulab can neither make nor know the start of.
 */
@ExtendWith(ApplicationExtension.class)
class UnknownTunnelOnScreenTest {

    @TempDir
    static Path dir;
    private MockLab.TenantServer a;
    private BrokenServer b;
    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        a = new MockLab.TenantServer();
        b = new BrokenServer(BrokenServer.Mode.UNAUTHORIZED);
        a.client.nodes().resource(MockLab.node("tenant-a-worker", Map.of(), 10)).create();
        Path ka = MockLab.writeKubeconfig(dir, "tenant-a", a.url(), "s3cr3t-token");
        Path kb = MockLab.writeKubeconfig(dir, "tenant-b", b.url(), "s3cr3t-token");
        ClusterBackend backend = ClusterBackend.connect(ClusterOptions.tenantsOnly()
                .withTenant("tenant-a", KubeconfigRef.of(ka, null)).withTenant("tenant-b", KubeconfigRef.of(kb, null)));
        assertTrue(Await.until(() -> backend.snapshot().tenant("tenant-b").map(t -> !t.tunnel().known()).orElse(false)
                && backend.snapshot().tenant("tenant-a").map(t -> t.tunnel().known()).orElse(false)),
                "tenant-b unread, tenant-a read");
        var scenario = new ScenarioReader().load("article");
        OpenedLab lab = new OpenedLab(backend, new RecordedScenario.Origin(
                io.gpulab.engine.scenario.BuiltinScenarios.source("article"), scenario));
        workbench = new Workbench(lab, new EngineLabOpener("cluster", BackendOptions.NONE), WriteGate.DENY,
                new CurrentThreadTaskExecutor());
        stage.setScene(workbench.scene(1600, 1000, false));
        stage.show();
    }

    @AfterEach
    void stop() {
        workbench.viewModel().close();
        a.close();
        b.close();
    }

    private static List<MenuItem> faults(FxRobot robot) {
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        Menu f = bar.getMenus().stream().filter(m -> "Faults".equals(m.getText())).findFirst().orElseThrow();
        robot.interact(() -> f.getOnShowing().handle(new Event(Menu.ON_SHOWING)));
        List<MenuItem> all = new ArrayList<>();
        ArrayDeque<MenuItem> todo = new ArrayDeque<>(f.getItems());
        while (!todo.isEmpty()) {
            MenuItem i = todo.pop();
            all.add(i);
            if (i instanceof Menu m) {
                todo.addAll(m.getItems());
            }
        }
        return all;
    }

    @Test
    void anUnreadWebhookPolicyIsNotOfferedAndSaysWhyOnHover(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(Await.BOUND.toSeconds(), TimeUnit.SECONDS, () -> robot.lookup(
                "#policy-tenant-b").tryQuery().isPresent());
        @SuppressWarnings("unchecked")
        ChoiceBox<String> policy = robot.lookup("#policy-tenant-b").queryAs(ChoiceBox.class);
        assertEquals("Unknown", policy.getValue());
        assertTrue(policy.isDisabled(), "Unknown is not a policy to switch from");

        long version = workbench.viewModel().snapshot().version();
        String status = workbench.viewModel().statusProperty().get();
        robot.clickOn(policy);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(policy.isShowing(), "no Ignore / Fail list opens");
        assertEquals(version, workbench.viewModel().snapshot().version());
        assertEquals(status, workbench.viewModel().statusProperty().get(), "nothing was sent, nothing refused");

        // the reason shows where the user points, though the choice itself is disabled
        // (the pointer leaves and comes back: the click left it there, and a tooltip waits for a move over its node)
        robot.moveTo("#tenant-name-tenant-b");
        robot.moveTo("#policy-tenant-b").moveBy(2, 1);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shownTip().isPresent());
        String tip = shownTip().orElseThrow();
        assertTrue(tip.startsWith("HAMi webhook failurePolicy of tenant-b: unknown, no vgpu.hami.io webhook "
                + "configuration was read there"), tip);
        assertTrue(tip.contains("gpulab does not guess it, and changes nothing on a real cluster (cluster backend)"),
                tip);
    }

    private static java.util.Optional<String> shownTip() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> javafx.stage.Window.getWindows().stream().filter(w -> w instanceof Tooltip
                && w.isShowing()).map(w -> ((Tooltip) w).getText()).findFirst()).get();
    }

    @Test
    void anUnknownTunnelIsNotOfferedAsDownAndTheClustersFaultsSayWhyTheyAreOff(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(Await.BOUND.toSeconds(), TimeUnit.SECONDS, () -> robot.lookup(
                "#konnectivity-tenant-b").tryQuery().isPresent());
        List<MenuItem> items = faults(robot);
        MenuItem b = items.stream().filter(i -> "menu-konnectivity-tenant-b".equals(i.getId())).findFirst()
                .orElseThrow();
        assertEquals("Konnectivity agents of tenant-b: unknown, its pods could not be read", b.getText());
        assertTrue(b.isDisable());
        assertFalse(items.stream().anyMatch(i -> i.getText() != null && i.getText().contains("Bring up Konnectivity "
                + "agents of tenant-b")), "nothing claims tenant-b's agents are down");
        // the read tenant keeps its item, worded from what was observed (no agent pod runs there)
        MenuItem a = items.stream().filter(i -> "menu-konnectivity-tenant-a".equals(i.getId())).findFirst()
                .orElseThrow();
        assertEquals("Bring up Konnectivity agents of tenant-a", a.getText());
        // a real cluster refuses every fault: each is shown off, under the line that says why
        assertTrue(items.get(0).getText().startsWith("Faults change the simulated lab only: this is a real cluster "
                + "(cluster backend)"), items.get(0).getText());
        assertTrue(items.stream().filter(i -> !(i instanceof Menu || i instanceof SeparatorMenuItem))
                .allMatch(MenuItem::isDisable), "no fault item is offered on the cluster");

        // nothing of the management cluster was read: the band says so (it read "0 of 2 control planes Ready ·  ·
        // Kamaji not ready ·")
        String band = WaitForAsyncUtils.asyncFx(() -> ((WordWrapLabel) robot.lookup("#management-summary").query())
                .getFullText()).get();
        assertEquals(ManagementBand.NOT_OBSERVED, band);
        assertFalse(band.contains("not ready") || band.contains("0 of 2"), band);

        // the header's switch reads unknown and sends nothing when clicked
        ToggleButton sw = robot.lookup("#konnectivity-tenant-b").queryAs(ToggleButton.class);
        assertEquals("Konnectivity unknown", sw.getText());
        long version = workbench.viewModel().snapshot().version();
        robot.clickOn(sw);
        WaitForAsyncUtils.waitForFxEvents();
        String status = workbench.viewModel().statusProperty().get();
        assertTrue(status.startsWith("Konnectivity agents of tenant-b: unknown (could not read tenant tenant-b: ")
                && status.endsWith("; nothing was sent"), status);
        assertFalse(status.contains("s3cr3t-token"), status);
        assertFalse(sw.isSelected());
        assertEquals(version, workbench.viewModel().snapshot().version());

        // the read tenant's switch shows what was observed and, clicked, sends nothing the cluster would refuse
        ToggleButton swA = robot.lookup("#konnectivity-tenant-a").queryAs(ToggleButton.class);
        boolean shown = swA.isSelected();
        robot.clickOn(swA);
        WaitForAsyncUtils.waitForFxEvents();
        status = workbench.viewModel().statusProperty().get();
        assertTrue(status.startsWith("Konnectivity agents of tenant-a: ") && status.endsWith(", as observed; a real "
                + "cluster (cluster backend) is observed, never broken from here; nothing was sent"), status);
        assertEquals(shown, swA.isSelected());
        assertEquals(version, workbench.viewModel().snapshot().version());
    }
}
