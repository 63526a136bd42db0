package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.util.List;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The compact view of a large tenant shows each worker's CPU and host-memory requests next to its cards,
 * like the full view's fill bars, and a pod landing redraws that worker's glyph in place.
 */
@ExtendWith(ApplicationExtension.class)
class CompactFillTest {

    private static final String POD = """
            apiVersion: v1
            kind: Pod
            metadata: {name: cpu-heavy, namespace: default}
            spec:
              containers:
                - name: main
                  image: busybox
                  resources:
                    requests: {cpu: "48", memory: 400Gi}
            """;

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "synthetic:40x2", 1600, 1000, false);
    }

    private static boolean blue(Color c) {
        return c.getBlue() > 0.6 && c.getRed() < 0.4;
    }

    @Test
    void aWorkersCpuAndMemoryRequestsFillTheBarsUnderItsCards(FxRobot robot) {
        List<Canvas> before = robot.lookup("#compact-fleet .compact-band").queryAllAs(Canvas.class).stream().toList();
        robot.interact(() -> workbench.viewModel().submitYaml("fleet", "cpu-heavy.yaml", POD));
        TenantView fleet = workbench.viewModel().snapshot().tenants().stream()
                .filter(t -> t.name().equals("fleet")).findFirst().orElseThrow();
        PodView pod = fleet.pods().stream().filter(p -> p.name().equals("cpu-heavy")).findFirst().orElseThrow();
        assertEquals("Running", pod.phase());
        List<String> names = fleet.nodes().stream().map(NodeView::name).toList();
        int i = names.indexOf(pod.node());
        List<Canvas> after = robot.lookup("#compact-fleet .compact-band").queryAllAs(Canvas.class).stream().toList();
        assertEquals(before.size(), after.size());
        for (int b = 0; b < before.size(); b++) {
            assertSame(before.get(b), after.get(b), "the glyph bands are redrawn in place, not rebuilt");
        }
        CompactWorkers compact = robot.lookup("#compact-fleet").queryAs(CompactWorkers.class);
        int columns = compact.columns();
        int row = i / columns;
        Canvas band = after.get(row / CompactWorkers.ROWS_PER_BAND);
        int x = (i % columns) * CompactWorkers.CELL_W + 4;
        int y = (row % CompactWorkers.ROWS_PER_BAND) * CompactWorkers.CELL_H + 2 + CompactWorkers.CELL_H - 18;
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = band.snapshot(null, null));
        // 48 of 64 cores and 400 of 512 GiB requested: three quarters of each bar filled, the rest track
        Color cpuStart = img[0].getPixelReader().getColor(x + 2, y + 6);
        Color cpuEnd = img[0].getPixelReader().getColor(x + CompactWorkers.CELL_W - 10, y + 6);
        Color memStart = img[0].getPixelReader().getColor(x + 2, y + 11);
        assertTrue(blue(cpuStart), "CPU bar filled at its start: " + cpuStart);
        assertTrue(!blue(cpuEnd), "CPU bar empty past 75 %: " + cpuEnd);
        assertTrue(blue(memStart), "host-memory bar filled at its start: " + memStart);
        int idle = i == 0 ? 1 : 0;
        int ix = (idle % columns) * CompactWorkers.CELL_W + 4;
        Color idleCpu = img[0].getPixelReader().getColor(ix + 2, y + 6);
        assertTrue(row / CompactWorkers.ROWS_PER_BAND != 0 || !blue(idleCpu), "a worker with no requests: empty bar");
    }
}
