package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Slides and presentation mode leave out UI hints, never statements about the lab: a card marked unhealthy (Faults
 * menu) says "unhealthy — new pods avoid this card" on a projector and on a slide too (it was styled as a hint and
 * hidden on both), as do an idle card's "idle" and an empty lane's "nothing waiting"; "drop a pod here" is left out.
 */
class LabFactsShownTest {

    private static final String UNHEALTHY = "unhealthy — new pods avoid this card";

    private static Workbench unhealthyLab(FxRobot robot) throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1280, 720, false);
        robot.interact(() -> w.viewModel().faults().setCardHealth("tenant-a", "GPU-0", false));
        WaitForAsyncUtils.waitForFxEvents();
        return w;
    }

    /** The texts of the labels drawn in {@code root} after CSS and layout: visible, with a height. */
    private static List<String> drawnTexts(FxRobot robot, javafx.scene.Parent root) {
        List<String> out = new ArrayList<>();
        robot.interact(() -> {
            root.applyCss();
            root.layout();
            for (Node n : root.lookupAll(".label")) {
                if (n instanceof Label l && shown(l) && l.getHeight() > 0) {
                    out.add(l.getText());
                }
            }
        });
        return out;
    }

    private static boolean shown(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return true;
    }

    @Test
    void presentationModeShowsAnUnhealthyCardsLineAndLeavesOutTheDropHint() throws Exception {
        FxRobot robot = new FxRobot();
        Workbench w = unhealthyLab(robot);
        robot.interact(() -> w.view().setPresentation(true));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = drawnTexts(robot, w.view().getScene().getRoot());
        assertTrue(shown.contains(UNHEALTHY), "the unhealthy card's line in presentation mode: " + shown);
        assertTrue(shown.contains("idle") && shown.contains("nothing waiting"),
                "tenant-b's idle cards and the empty lanes say so: " + shown);
        assertTrue(shown.stream().noneMatch(t -> t.contains("drop a pod here")), "the drop hint is left out");
        robot.interact(() -> w.viewModel().close());
    }

    @Test
    void aSlideShowsAnUnhealthyCardsLineAndLeavesOutTheDropHint() throws Exception {
        FxRobot robot = new FxRobot();
        Workbench w = unhealthyLab(robot);
        TopologyView topology = robot.lookup(n -> n instanceof TopologyView).queryAs(TopologyView.class);
        List<Node> leftOut = new ArrayList<>();
        List<String> onSlide = new ArrayList<>();
        // what ViewPictures.slide does to the canvas it draws: its hints hidden, the slide's style on cards drawn anew
        robot.interact(() -> {
            leftOut.addAll(ViewPictures.hintsOf(topology));
            topology.getStyleClass().add(ViewPictures.SLIDE);
        });
        onSlide.addAll(drawnTexts(robot, topology));
        robot.interact(() -> topology.getStyleClass().remove(ViewPictures.SLIDE));
        List<String> leftOutTexts = leftOut.stream().filter(n -> n instanceof Label).map(n -> ((Label) n).getText())
                .toList();
        assertTrue(onSlide.contains(UNHEALTHY), "the unhealthy card's line on the slide: " + onSlide);
        assertTrue(onSlide.stream().noneMatch(t -> t.contains("drop a pod here")), "no drop hint on a slide");
        assertTrue(leftOutTexts.stream().noneMatch(t -> t.equals(UNHEALTHY) || t.equals("nothing waiting")
                || t.equals("idle")), "a slide leaves out only hints: " + leftOutTexts);
        assertTrue(leftOutTexts.stream().anyMatch(t -> t.contains("drop a pod here")), "the drop hint is a hint");
        robot.interact(() -> w.viewModel().close());
    }

    /**
     * A card marked unhealthy while three pods run on it said nothing but a red frame and dot: it now says the same
     * line as an empty one, whole (not cut to "…") on a 1024 x 768 window, on a projector too.
     */
    @Test
    void anUnhealthyCardHoldingPodsSaysSoInOneWholeLine() throws Exception {
        FxRobot robot = new FxRobot();
        Stage stage = FxToolkit.registerPrimaryStage();
        Workbench w = FxTestSupport.showAt(robot, stage, "article", 1024, 768, false);
        robot.interact(() -> w.viewModel().playback().playScenarioSteps());
        String card = "#card-tenant-a-worker-GPU-0";
        WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup(card + " .pod-chip")
                .queryAll().size() >= 3);
        robot.interact(() -> w.viewModel().faults().setCardHealth("tenant-a", "GPU-0", false));
        WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup(card).queryAll()
                .stream().anyMatch(n -> n.getStyleClass().contains("unhealthy")));
        for (boolean presenting : new boolean[] {false, true}) {
            robot.interact(() -> w.view().setPresentation(presenting));
            WaitForAsyncUtils.waitForFxEvents();
            javafx.scene.Parent tile = robot.lookup(card).queryAs(javafx.scene.Parent.class);
            List<String> shown = drawnTexts(robot, tile);
            String where = presenting ? "in presentation mode" : "in the window";
            assertTrue(shown.contains(UNHEALTHY), "the unhealthy card with pods says so " + where + ": " + shown);
            assertTrue(robot.lookup(card + " .pod-chip").queryAll().size() >= 3, "its pods still shown " + where);
            Label line = (Label) tile.lookupAll(".card-state").stream()
                    .filter(n -> n instanceof Label l && UNHEALTHY.equals(l.getText())).findFirst().orElseThrow();
            double[] widths = new double[2];
            robot.interact(() -> {
                widths[0] = line.getWidth();
                widths[1] = line.prefWidth(-1);
            });
            assertTrue(widths[0] + 0.5 >= widths[1], "the whole line, not cut to \"…\", " + where + ": " + widths[0]
                    + " px of " + widths[1]);
        }
        robot.interact(() -> w.viewModel().close());
    }

    @Test
    void everyNodeStyledAsAHintOnAFreshWindowSaysHowToUseIt() throws Exception {
        // hints are words on using the window; a word about the lab in them would vanish from slides and projectors
        FxRobot robot = new FxRobot();
        Workbench w = unhealthyLab(robot);
        List<String> hints = new ArrayList<>();
        robot.interact(() -> w.view().getScene().getRoot().lookupAll(".hint").forEach(n -> {
            if (n instanceof javafx.scene.control.Labeled l) {
                hints.add(l.getText());
            }
        }));
        List<String> how = List.of("drop a pod here", "Drag onto a tenant", "Click a card, pod", "Each change rebuilds");
        assertEquals(List.of(), hints.stream().filter(t -> how.stream().noneMatch(t::contains)).toList(),
                "hints that are not about using the window");
        robot.interact(() -> w.viewModel().close());
    }
}
