package io.gpulab.app.gui.view;

import static io.gpulab.app.gui.view.WalkthroughPlayer.settle;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughLoader;
import io.gpulab.app.gui.walkthrough.WalkthroughStep;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Walkthroughs true while shown (docs/workbench.md, "Walkthroughs"), played in the window with the trainee's actions:
 * every walkthrough completes by every route its steps offer; at every moment a step is worked on, each statement it
 * shows about the lab is true of the lab, and what it said would be seen is true once it ticks; Back and Next move
 * through the text and touch nothing; Start says what it did. (What is in the panel's view: WalkthroughPanelViewTest.)
 */
@ExtendWith(ApplicationExtension.class)
class WalkthroughRoutesTest {

    /** The toolbar's words the action texts quote, and the route action each stands for. */
    private static final Map<String, String> BUTTONS = Map.of("'Unlock node'", "unlock", "'+5 min'", "advance-5m",
            "'Step 30s'", "step-30s", "'article'", "lifecycle-article", "'complete'", "lifecycle-complete");

    private Stage stage;
    private WalkthroughPlayer player;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void everyWalkthroughCompletesByEveryRouteItsStepsOffer(FxRobot robot) {
        for (Walkthrough w : WalkthroughLoader.builtIns()) {
            player = WalkthroughPlayer.open(robot, stage, 1600, 1000);
            FxTestSupport.beginFromMenu(robot, w);
            for (int i = 0; i < w.steps().size(); i++) {
                player.play(w, i, w.steps().get(i).routes().get(0));
            }
            assertTrue(player.workbench().walkthroughs().finishedProperty().get(), w.id());
            for (int i = 0; i < w.steps().size(); i++) {
                for (int r = 1; r < w.steps().get(i).routes().size(); r++) {
                    player = WalkthroughPlayer.open(robot, stage, 1600, 1000);
                    FxTestSupport.beginFromMenu(robot, w);
                    for (int j = 0; j < i; j++) {
                        player.play(w, j, w.steps().get(j).routes().get(0));
                    }
                    player.play(w, i, w.steps().get(i).routes().get(r));
                }
            }
        }
    }

    @Test
    void everyButtonAnActionTextNamesIsOnOneOfItsRoutes() {
        Pattern quoted = Pattern.compile("'[^']+'");
        for (Walkthrough w : WalkthroughLoader.builtIns()) {
            for (WalkthroughStep s : w.steps()) {
                assertFalse(s.routes().isEmpty(), w.id() + " " + s.title() + ": no route");
                assertTrue(s.then().contains(" will "), w.id() + " " + s.title() + ": 'then' is not in the future "
                        + "tense: " + s.then());
                for (List<WalkthroughStep.RouteAction> r : s.routes()) {
                    r.stream().filter(a -> "menu".equals(a.kind())).forEach(a -> assertTrue(s.action().replaceAll(
                            "\\s+", " ").contains("'" + a.args().get("id") + "'"), w.id() + " " + s.title()
                            + ": a route chooses '" + a.args().get("id") + "', which the action text does not offer"));
                }
                Matcher m = quoted.matcher(s.action());
                while (m.find()) {
                    String id = BUTTONS.get(m.group());
                    if (id != null) {
                        assertTrue(s.routes().stream().anyMatch(r -> r.stream().anyMatch(a -> id.equals(
                                a.args().get("id")))), w.id() + " " + s.title() + ": " + m.group()
                                + " is offered but no route presses it");
                    }
                }
            }
        }
    }

    @Test
    void backAndNextShowOtherStepsWithoutTouchingTheLab(FxRobot robot) {
        player = WalkthroughPlayer.open(robot, stage, 1600, 1000);
        Walkthrough w = WalkthroughLoader.builtIns().get(0);
        FxTestSupport.beginFromMenu(robot, w);
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        settle(() -> player.at() == 1);
        int actions = player.workbench().viewModel().history().timeline().size();
        long version = player.lab().version();
        robot.clickOn("#walkthrough-next");
        settle(() -> player.workbench().walkthroughs().viewedProperty().get() == 2);
        assertEquals(2, player.workbench().walkthroughs().viewedProperty().get());
        assertTrue(robot.lookup("#wt-step-2").queryAs(Node.class).getStyleClass().contains("viewed"));
        assertTrue(robot.lookup("#wt-step-2 #wt-action").tryQuery().isPresent(), "the next step's text is shown");
        robot.clickOn("#walkthrough-back").clickOn("#walkthrough-back");
        settle(() -> player.workbench().walkthroughs().viewedProperty().get() == 0);
        assertEquals(0, player.workbench().walkthroughs().viewedProperty().get());
        assertTrue(FxTestSupport.text(robot, "wt-action").startsWith("✓ Done: "), "a done step says it is done");
        assertEquals(actions, player.workbench().viewModel().history().timeline().size(),
                "Back and Next did nothing to the lab");
        assertEquals(version, player.lab().version());
        assertEquals(1, player.at());
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        settle(() -> player.at() == 2);
        assertEquals(2, player.workbench().walkthroughs().viewedProperty().get(),
                "progress brings the text back to the step");
    }

    @Test
    void startOnAFreshLabSaysItStartedAndWhichStepIsFirst(FxRobot robot) {
        player = WalkthroughPlayer.open(robot, stage, 1600, 1000);
        Walkthrough w = WalkthroughLoader.builtIns().get(2);
        FxTestSupport.beginFromMenu(robot, w);
        assertEquals(0, player.workbench().viewModel().history().timeline().size(), "nothing to reset on a fresh lab");
        assertEquals("Started “The node lock” on the article lab as opened; step 1: Switch to the article's mock",
                player.workbench().viewModel().statusProperty().get());
        robot.clickOn("#lifecycle-article");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#walkthrough-start");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Started “The node lock”: the lab is reset (Undo brings it back); step 1: Switch to the "
                + "article's mock", player.workbench().viewModel().statusProperty().get());
        assertEquals(0, player.at());
    }
}
