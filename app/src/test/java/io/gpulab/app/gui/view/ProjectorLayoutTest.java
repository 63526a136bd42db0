package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.export.LayoutReport;
import io.gpulab.app.gui.export.LayoutReport.Item;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** What a projector's 1280x720 shows: tenant headers readable, no half of the canvas left empty. */
class ProjectorLayoutTest {

    private static Workbench open(String scenario) throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        // opened in the test, not in FxToolkit.setupStage, whose fixed guard a loaded machine outlasts
        Workbench w = FxTestSupport.showAt(new FxRobot(), stage, scenario, 1280, 720, false);
        new FxRobot().interact(() -> w.viewModel().playback().playScenarioSteps());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1280, stage.getScene().getWidth(), 1.0);
        return w;
    }

    @Test
    void tenantHeadersShowTheirPodCountUncut() throws Exception {
        Workbench w = open("article");
        FxRobot robot = new FxRobot();
        for (String tenant : List.of("tenant-a", "tenant-b")) {
            Label count = robot.lookup("#tenant-header-" + tenant + " .muted").queryAs(Label.class);
            String[] shown = new String[1];
            robot.interact(() -> shown[0] = FxTestSupport.drawn(count));
            assertEquals(count.getText(), shown[0], tenant + "'s header count is cut");
            assertTrue(shown[0].matches("\\d+ running.*"), shown[0]);
        }
        robot.interact(() -> w.viewModel().close());
    }

    @Test
    void theWebhookPathStaysInsideItsTenantPanel() throws Exception {
        Workbench w = open("article");
        FxRobot robot = new FxRobot();
        for (String tenant : List.of("tenant-a", "tenant-b")) {
            Node panel = robot.lookup("#tenant-" + tenant).query();
            Node path = robot.lookup("#tunnel-" + tenant).query();
            double[] edges = new double[2];
            robot.interact(() -> {
                edges[0] = panel.localToScene(panel.getLayoutBounds()).getMaxX();
                edges[1] = path.localToScene(path.getLayoutBounds()).getMaxX();
            });
            assertTrue(edges[1] <= edges[0], tenant + "'s webhook path runs past its panel: " + edges[1] + " > "
                    + edges[0]);
        }
        robot.interact(() -> w.viewModel().close());
    }

    @Test
    void presentationModeCutsNoCardCaptionSideTabOrPodCount() throws Exception {
        Workbench w = open("article");
        FxRobot robot = new FxRobot();
        robot.interact(() -> w.view().setPresentation(true));
        WaitForAsyncUtils.waitForFxEvents();
        List<Label> labels = new java.util.ArrayList<>();
        labels.addAll(robot.lookup(".card-tile .caption").queryAllAs(Label.class));
        labels.addAll(robot.lookup("#side-tabs .tab-label").queryAllAs(Label.class));
        // the tenants' "3 running": read "3 ru…" in presentation mode
        labels.addAll(robot.lookup(".tenant-header .muted").queryAllAs(Label.class));
        assertTrue(labels.size() >= 11, "three cards' captions, three tabs, two counts: " + labels.size());
        for (Label l : labels) {
            String[] shown = new String[1];
            robot.interact(() -> shown[0] = FxTestSupport.drawn(l));
            assertEquals(l.getText(), shown[0], "cut in presentation mode at 1280x720");
        }
        robot.interact(() -> w.viewModel().close());
    }

    @Test
    void presentationModeShowsNoFirstMinuteStripOnAFreshLab() throws Exception {
        // a trainer opens the lab and switches to the projector before playing: the strip of instructions for the
        // one at the keyboard ("press ▶ Play scenario ...") stayed, in the small type presentation mode enlarges
        Stage stage = FxToolkit.registerPrimaryStage();
        FxRobot robot = new FxRobot();
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1024, 768, false);
        Label strip = robot.lookup("#welcome").queryAs(Label.class);
        assertTrue(strip.isVisible() && laidOutHeight(robot, strip) > 0,
                "the strip is shown on a fresh lab outside presentation mode");
        robot.interact(() -> w.view().setPresentation(true));
        WaitForAsyncUtils.waitForFxEvents();
        double presented = laidOutHeight(robot, strip);
        assertTrue(!strip.isVisible() || presented < 1, "no first-minute strip in presentation mode: " + presented);
        robot.interact(() -> w.view().setPresentation(false));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(strip.isVisible() && laidOutHeight(robot, strip) > 0, "the strip is back after presentation mode");
        robot.interact(() -> w.viewModel().close());
    }

    /** The label's height after CSS and layout have run on its whole scene. */
    private static double laidOutHeight(FxRobot robot, Label l) {
        double[] height = new double[1];
        robot.interact(() -> {
            l.getScene().getRoot().applyCss();
            l.getScene().getRoot().layout();
            height[0] = l.getHeight();
        });
        return height[0];
    }

    @Test
    void aSmallTenantNextToACompactFleetSpansTheWidth() throws Exception {
        Workbench w = open("synthetic:40x2");
        FxRobot robot = new FxRobot();
        AtomicReference<List<Item>> items = new AtomicReference<>();
        robot.interact(() -> items.set(LayoutReport.collect(w.view().getScene())));
        List<Item> tenants = items.get().stream().filter(i -> i.kind().equals("tenant")).toList();
        Item small = tenants.stream().filter(t -> t.name().equals("tenant-a")).findFirst().orElseThrow();
        Item fleet = tenants.stream().filter(t -> t.name().equals("fleet")).findFirst().orElseThrow();
        assertEquals(fleet.width(), small.width(), 2.0, "tenant-a is as wide as the fleet row under it");
        List<Item> cards = items.get().stream().filter(i -> i.kind().equals("card")).toList();
        assertTrue(!cards.isEmpty() && cards.stream().allMatch(Item::visible), "tenant-a's card is in view");
        robot.interact(() -> w.viewModel().close());
    }
}
