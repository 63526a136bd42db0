package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import io.gpulab.app.gui.vm.WriteGate;
import io.gpulab.engine.cluster.KindShapedLab;
import io.gpulab.engine.cluster.MockLab;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The workbench drawn from a cluster: the mock management server's tenants with pods that a HAMi double
 * scheduled, the backend badge, and the simulation-only controls switched off. Set GPULAB_KEEP_PNG to a
 * file to keep the rendered window for a look.
 */
@ExtendWith(ApplicationExtension.class)
class ClusterWorkbenchViewTest {

    @TempDir
    Path dir;
    private MockLab.TenantServer management;
    private KindShapedLab lab;
    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        FxTestSupport.resetMonocleDragState();
        management = new MockLab.TenantServer();
        lab = new KindShapedLab(new ScenarioReader().load("article").lab(), management.client, dir);
        var tenantA = lab.tenants.get("tenant-a").client;
        for (String name : new String[] {"train-1", "train-2", "train-3", "train-4"}) {
            tenantA.pods().inNamespace("default").resource(MockLab.gpuPod(name, null, "", Map.of(), 20000, 30))
                    .create();
        }
        EngineLabOpener opener = new EngineLabOpener("cluster", new BackendOptions(lab.managementKubeconfig, null));
        workbench = new Workbench(opener.open("article"), opener, WriteGate.DENY, new CurrentThreadTaskExecutor());
        stage.setScene(workbench.scene(1600, 1000, false));
        stage.show();
    }

    @AfterEach
    void stop() {
        workbench.viewModel().close();
        lab.close();
        management.close();
    }

    @Test
    void theClusterIsDrawnWithItsSharedCardAndTheSimulationControlsAreOff(FxRobot robot) throws Exception {
        // a bound against a hang only: on a loaded machine the informer's first list can take many seconds
        long end = System.currentTimeMillis() + io.gpulab.engine.cluster.Await.BOUND.toMillis();
        while (System.currentTimeMillis() < end && workbench.viewModel().snapshot().tenant("tenant-a").orElseThrow()
                .nodes().get(0).cards().get(0).usedMemMB() < 60_000) {
            WaitForAsyncUtils.sleep(100, java.util.concurrent.TimeUnit.MILLISECONDS);
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertEquals("CLUSTER", FxTestSupport.text(robot, "backend"));
        assertTrue(robot.lookup("#advance-5m").queryAs(Button.class).isDisabled());
        assertTrue(robot.lookup("#reset").queryAs(Button.class).isDisabled());
        // Unlock node stays a write the cluster allows, offered only while a worker holds the lock
        boolean locked = workbench.viewModel().snapshot().tenants().stream().flatMap(t -> t.nodes().stream())
                .anyMatch(n -> n.lock() != null && n.lock().held());
        assertEquals(!locked, robot.lookup("#unlock").queryAs(Button.class).isDisabled());
        assertEquals(60_000, workbench.viewModel().snapshot().tenant("tenant-a").orElseThrow()
                .nodes().get(0).cards().get(0).usedMemMB());

        Path png = dir.resolve("cluster.png");
        robot.interact(() -> {
            try {
                workbench.view().actions().exportPngTo(true, 1, png);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(Files.size(png) > 10_000, "a real image");
        // no file reproduces a cluster's state: the caption says where it was observed and prints no hash
        String caption = io.gpulab.app.gui.export.PngExporter.description(png);
        assertTrue(caption.contains("as observed on management.kubeconfig's current context")
                && caption.contains("no scenario file, no hash"), caption);
        assertFalse(caption.contains("sha256") || caption.matches("(?s).*[0-9a-f]{12}.*"), caption);
        String keep = System.getenv("GPULAB_KEEP_PNG");
        if (keep != null) {
            Files.copy(png, Path.of(keep), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
