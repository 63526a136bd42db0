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

    /**
     * On a 1024x768 projector the walkthrough's progress read "Step / 1 of / 8" beside Restart, Back and Next, and
     * "St…" on step 6 of the article's tests (seen in the real window): it reads whole, on one line, on one line.
     */
    @Test
    void presentationModeReadsTheWalkthroughProgressOnOneLineAt1024() throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        FxRobot robot = new FxRobot();
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1024, 768, false);
        var tour = io.gpulab.app.gui.walkthrough.WalkthroughLoader.builtIns().stream()
                .filter(x -> x.id().equals("what-the-tenants-share")).findFirst().orElseThrow();
        robot.interact(() -> {
            w.view().setPresentation(true);
            w.view().showTab("Walkthrough");
            WalkthroughView.start(w.walkthroughs(), w.viewModel(), tour);
        });
        WaitForAsyncUtils.waitForFxEvents();
        Label progress = robot.lookup("#walkthrough-progress").queryAs(Label.class);
        String[] shown = new String[1];
        double[] heights = new double[2];
        robot.interact(() -> {
            shown[0] = FxTestSupport.drawn(progress);
            javafx.scene.text.Text one = new javafx.scene.text.Text(progress.getText());
            one.setFont(progress.getFont());
            heights[0] = progress.lookup(".text").getLayoutBounds().getHeight();
            heights[1] = one.getLayoutBounds().getHeight();
        });
        assertEquals("Step 1 of 8", progress.getText());
        assertEquals(progress.getText(), shown[0], "the progress is cut");
        assertEquals(heights[1], heights[0], 1.0, "'" + progress.getText() + "' on one line");
        Label text = robot.lookup("#walkthrough-summary").queryAs(Label.class);
        assertTrue(text.getFont().getSize() >= 15, "presentation mode's larger type: " + text.getFont());
        robot.interact(() -> w.viewModel().close());
    }

    /**
     * What step 6 of the article's tests compares for the tenant clicked, on a 1024x768 projector: the row
     * "nvidia.com/gpumem-percentage: 100" read "nvidia.com/gpumem-percent" / "age: 100" (seen in the real window). No
     * word of the compared rows is wider than its line, so none is broken where the line runs out.
     */
    @Test
    void presentationModeBreaksNoWordOfWhatAStepCompares() throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        FxRobot robot = new FxRobot();
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1024, 768, false);
        var tour = io.gpulab.app.gui.walkthrough.WalkthroughLoader.builtIns().get(0);
        var templates = io.gpulab.app.gui.vm.PodTemplate.builtIns();
        robot.interact(() -> {
            w.view().setPresentation(true);
            w.view().showTab("Walkthrough");
            WalkthroughView.start(w.walkthroughs(), w.viewModel(), tour);
            for (int i = 0; i < 4; i++) {
                w.viewModel().submitTemplate(templates.get(0), "tenant-a", null);
            }
            w.viewModel().submitTemplate(templates.get(1), "tenant-a", null);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(5, w.walkthroughs().stepIndexProperty().get(), "step 6 worked on");
        robot.interact(() -> w.viewModel().selectionProperty().set(new io.gpulab.app.gui.vm.Selection(
                io.gpulab.app.gui.vm.Selection.Kind.TENANT, "tenant-a", "tenant-a")));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> broken = new java.util.ArrayList<>();
        List<String> rows = new java.util.ArrayList<>();
        robot.interact(() -> {
            javafx.scene.Parent compared = (javafx.scene.Parent) stage.getScene().lookup("#wt-inspect");
            compared.applyCss();
            compared.layout();
            for (Node n : compared.getChildrenUnmodifiable()) {
                javafx.scene.control.Labeled l = (javafx.scene.control.Labeled) n;
                double room = l.getWidth() - l.snappedLeftInset() - l.snappedRightInset();
                rows.add(l.getText());
                for (String word : l.getText().split("\\s+")) {
                    javafx.scene.text.Text t = new javafx.scene.text.Text(word);
                    t.setFont(l.getFont());
                    if (t.getLayoutBounds().getWidth() > room + 0.5) {
                        broken.add(word + " in " + Math.round(room) + " px");
                    }
                }
            }
        });
        assertTrue(rows.stream().anyMatch(r -> r.replace("\n", "").contains("nvidia.com/gpumem-percentage: 100")),
                "the compared rows: " + rows);
        assertEquals(List.of(), broken, "words broken where the line ran out");
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
