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
import java.util.concurrent.TimeUnit;
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

    /** What the test reads of the window, all in one FX turn. */
    private record Seen(String backend, boolean advanceDisabled, boolean resetDisabled, boolean unlockDisabled,
                        boolean locked, int sharedCardMem) { }

    /** Tenant-a's first card's used memory, 0 while tenant-a, its node or the card is not listed yet. */
    private int sharedCardMem() {
        return workbench.viewModel().snapshot().tenant("tenant-a").flatMap(t -> t.nodes().stream().findFirst())
                .flatMap(n -> n.cards().stream().findFirst()).map(c -> c.usedMemMB()).orElse(0);
    }

    @Test
    void theClusterIsDrawnWithItsSharedCardAndTheSimulationControlsAreOff(FxRobot robot) throws Exception {
        // On a loaded machine the management cluster's discovery or tenant-a's first list can land after the
        // workbench opened (the connect deadline passed): tenant-a, its node or its card may not be in the view model
        // yet, and indexing them threw. Wait for the shared card's usage itself, read on the FX thread where the view
        // model and the controls change together; Await.BOUND only guards against a hang.
        WaitForAsyncUtils.waitFor(io.gpulab.engine.cluster.Await.BOUND.toSeconds(), TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(this::sharedCardMem).get() >= 60_000);
        // the view model and the buttons read in one FX turn: a snapshot landing between two reads from this thread
        // could change the lock after the button was read
        Seen seen = WaitForAsyncUtils.asyncFx(() -> new Seen(FxTestSupport.text(robot, "backend"),
                robot.lookup("#advance-5m").queryAs(Button.class).isDisabled(),
                robot.lookup("#reset").queryAs(Button.class).isDisabled(),
                robot.lookup("#unlock").queryAs(Button.class).isDisabled(),
                workbench.viewModel().snapshot().tenants().stream().flatMap(t -> t.nodes().stream())
                        .anyMatch(n -> n.lock() != null && n.lock().held()), sharedCardMem())).get();
        assertEquals("CLUSTER", seen.backend());
        assertTrue(seen.advanceDisabled());
        assertTrue(seen.resetDisabled());
        // Unlock node stays a write the cluster allows, offered only while a worker holds the lock
        assertEquals(!seen.locked(), seen.unlockDisabled());
        assertEquals(60_000, seen.sharedCardMem());

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
