package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.export.LayoutReport;
import io.gpulab.app.gui.export.LayoutReport.Item;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The article lab after its steps, measured with the layout report at the three sizes the workbench is
 * used at (projector, default window, full HD): what a trainee must see needs no scrolling.
 */
class ResponsiveLayoutTest {

    @TempDir
    Path dir;

    private static Stage stage;

    private static List<Item> played(int width, int height) throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        FxRobot robot = new FxRobot();
        // opened in the test, not in FxToolkit.setupStage, whose fixed guard a loaded machine outlasts
        Workbench w = FxTestSupport.showAt(robot, stage, "article", width, height, false);
        robot.interact(() -> w.viewModel().playback().playScenarioSteps());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(width, stage.getScene().getWidth(), 1.0, "the window has the size under test");
        assertEquals(height, stage.getScene().getHeight(), 1.0, "the window has the size under test");
        AtomicReference<List<Item>> items = new AtomicReference<>();
        robot.interact(() -> items.set(LayoutReport.collect(stage.getScene())));
        robot.interact(() -> w.viewModel().close());
        return items.get();
    }

    private static List<Item> kind(List<Item> all, String kind) {
        return all.stream().filter(i -> i.kind().equals(kind)).toList();
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1280, 720", "1600, 1000", "1920, 1080"})
    void everyCardPodAndPendingChipIsVisibleWithoutScrolling(int width, int height) throws Exception {
        List<Item> all = played(width, height);
        assertEquals(3, kind(all, "card").size(), "the article's three cards are drawn");
        assertEquals(2, kind(all, "pending").size(), "both refused pods are in a pending lane");
        assertEquals(3, kind(all, "pod").size());
        List<Item> hidden = all.stream().filter(i -> !i.visible()).toList();
        assertEquals(List.of(), hidden, "objects below the fold or cut off");
    }

    @Test
    void theReportIsJsonWithBoundsAndVisibilityOfEveryObject() throws Exception {
        played(1280, 720);
        Path file = dir.resolve("layout.json");
        new FxRobot().interact(() -> {
            try {
                LayoutReport.write(stage.getScene(), file, false);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        });
        JsonNode doc = new ObjectMapper().readTree(file.toFile());
        assertEquals(1280, doc.path("window").path("width").asInt());
        JsonNode first = doc.path("objects").get(0);
        assertEquals("tenant", first.path("kind").asText());
        assertEquals("tenant-a", first.path("name").asText());
        assertTrue(first.path("visible").isBoolean() && first.path("width").asDouble() > 0);
        assertEquals(12, doc.path("objects").size(), "2 tenants, 2 workers, 3 cards, 3 pods, 2 pending");
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1600, 1000", "1920, 1080"})
    void tenantsSitSideBySideWhenWide(int width, int height) throws Exception {
        List<Item> tenants = kind(played(width, height), "tenant");
        assertEquals(tenants.get(0).y(), tenants.get(1).y(), 1.0, "same row");
        assertTrue(tenants.get(1).x() > tenants.get(0).x() + tenants.get(0).width() - 1);
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1600, 1000", "1920, 1080"})
    void noWorkerBoxIsMoreThanHalfEmpty(int width, int height) throws Exception {
        for (Item worker : kind(played(width, height), "worker")) {
            assertTrue(worker.fill() != null && worker.fill() >= 0.5, worker.name() + " fill " + worker.fill());
        }
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1600, 1000", "1920, 1080"})
    void cardsOfOneWorkerFlowAcrossItsWidth(int width, int height) throws Exception {
        List<Item> l4 = kind(played(width, height), "card").stream().filter(c -> c.tenant().equals("tenant-b")).toList();
        assertEquals(2, l4.size());
        assertEquals(l4.get(0).y(), l4.get(1).y(), 1.0, "the two L4 cards share a row");
    }
}
