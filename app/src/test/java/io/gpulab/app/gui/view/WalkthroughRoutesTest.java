package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughLoader;
import io.gpulab.app.gui.walkthrough.WalkthroughStep;
import io.gpulab.engine.api.LabSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
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
 * through the text and touch nothing; the step worked on is scrolled into view and the wheel scrolls the panel.
 */
@ExtendWith(ApplicationExtension.class)
class WalkthroughRoutesTest {

    /** The toolbar's words the action texts quote, and the route action each stands for. */
    private static final Map<String, String> BUTTONS = Map.of("'Unlock node'", "unlock", "'+5 min'", "advance-5m",
            "'Step 30s'", "step-30s", "'article'", "lifecycle-article", "'complete'", "lifecycle-complete");

    private Stage stage;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private void open(FxRobot robot, double width, double height) {
        workbench = FxTestSupport.showAt(robot, stage, "article", width, height, false);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private int at() {
        return workbench.walkthroughs().stepIndexProperty().get();
    }

    /** Waits for a drop's effect to reach the panel (Await.BOUND at most: a hang guard, not a speed target). */
    private static void settle(java.util.function.BooleanSupplier done) {
        try {
            WaitForAsyncUtils.waitFor(io.gpulab.engine.cluster.Await.BOUND.toSeconds(),
                    java.util.concurrent.TimeUnit.SECONDS, () -> done.getAsBoolean());
        } catch (java.util.concurrent.TimeoutException e) {
            // the assertion that follows says what is missing
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private LabSnapshot lab() {
        return workbench.viewModel().snapshot();
    }

    /**
     * The statements the step worked on shows about the lab are exactly those true of it now; when the step begins
     * ({@code all}), every statement it has is true, so the trainee reads the step as written.
     */
    private void statementsHold(FxRobot robot, Walkthrough w, int i, String when, boolean all) {
        WalkthroughStep s = w.steps().get(i);
        List<String> shown = new ArrayList<>();
        robot.lookup("#wt-step-" + i).queryAs(Node.class).lookupAll(".step-now")
                .forEach(n -> shown.add(((Label) n).getText()));
        List<String> tru = new ArrayList<>();
        for (WalkthroughStep.Statement n : s.now()) {
            assertTrue(!all || n.check().test(lab()), w.id() + " step " + (i + 1) + " " + when + ": false: "
                    + n.text());
            if (n.check().test(lab())) {
                tru.add("● " + n.text());
            }
        }
        assertEquals(tru, shown, w.id() + " step " + (i + 1) + " " + when + ": shown about the lab");
    }

    static void perform(FxRobot robot, WalkthroughStep.RouteAction a) {
        Map<String, String> x = a.args();
        switch (a.kind()) {
            case "drop" -> FxTestSupport.dragPod(robot, x.get("template"), "tenant-header-" + x.get("tenant"));
            case "click" -> robot.clickOn("#" + x.get("id"));
            case "select" -> robot.clickOn("#tenant-name-" + x.get("id"));
            case "selectPod" -> robot.clickOn("#pod-" + x.get("pod"));
            case "policy" -> robot.interact(() -> robot.lookup("#policy-" + x.get("tenant"))
                    .queryAs(ChoiceBox.class).setValue(x.get("value")));
            case "menu" -> {
                javafx.scene.control.MenuItem item = faultsMenuItem(robot, x.get("id"));
                robot.interact(item::fire);
            }
            default -> throw new IllegalArgumentException("route action " + a.kind());
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * The Faults menu's item with this text, as the menu offers it when it opens on the lab now (the robot's wheel and
     * submenu hover are unreliable on Monocle; firing the item runs the handler a click runs).
     */
    static javafx.scene.control.MenuItem faultsMenuItem(FxRobot robot, String text) {
        javafx.scene.control.MenuBar bar = robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class);
        javafx.scene.control.Menu faults = bar.getMenus().stream().filter(m -> "Faults".equals(m.getText()))
                .findFirst().orElseThrow();
        robot.interact(() -> faults.getOnShowing().handle(
                new javafx.event.Event(javafx.scene.control.Menu.ON_SHOWING)));
        List<javafx.scene.control.MenuItem> all = new ArrayList<>();
        java.util.ArrayDeque<javafx.scene.control.MenuItem> todo = new java.util.ArrayDeque<>(faults.getItems());
        while (!todo.isEmpty()) {
            javafx.scene.control.MenuItem i = todo.pop();
            all.add(i);
            if (i instanceof javafx.scene.control.Menu sub) {
                todo.addAll(sub.getItems());
            }
        }
        return all.stream().filter(i -> text.equals(i.getText())).findFirst().orElseThrow(() -> new AssertionError(
                "the Faults menu offers no '" + text + "' now: " + all.stream().map(
                        javafx.scene.control.MenuItem::getText).toList()));
    }

    /** Plays step {@code i} by {@code route}, checking the statements after each action while it is worked on. */
    private void play(FxRobot robot, Walkthrough w, int i, List<WalkthroughStep.RouteAction> route) {
        assertEquals(i, at(), w.id() + ": step " + (i + 1) + " is the one worked on");
        statementsHold(robot, w, i, "before its route", true);
        for (WalkthroughStep.RouteAction a : route) {
            perform(robot, a);
            if (at() == i) {
                statementsHold(robot, w, i, "after " + a, false);
            }
            if ("select".equals(a.kind()) && !w.steps().get(i).inspect().isEmpty()) {
                // what the step asks to compare is shown in it, for the tenant just selected
                String shown = robot.lookup("#wt-inspect").queryAs(javafx.scene.layout.VBox.class).getChildren()
                        .stream().map(n -> ((Label) n).getText()).reduce("", (x, y) -> x + "\n" + y);
                assertTrue(shown.contains(a.args().get("id") + " — " + w.steps().get(i).inspect().get(0))
                        && shown.contains("nvidia.com/gpu: "), w.id() + " step " + (i + 1) + ": " + shown);
            }
        }
        settle(() -> at() == i + 1);
        assertEquals(i + 1, at(), w.id() + " step " + (i + 1) + " not done by route " + route);
        assertTrue(w.steps().get(i).check().test(lab()), w.id() + " step " + (i + 1) + ": what it said would be "
                + "seen is not true: " + w.steps().get(i).then());
        quotesAreOnScreen(robot, w, i);
    }

    /**
     * What a step says will be read ('...') is on screen once it ticks, where the step says: running-is-not-proof
     * promised "the inspector will say 'no HAMi allocation'" while the inspector was behind the Walkthrough tab and
     * has no such row (it is the pod chip's).
     */
    private static void quotesAreOnScreen(FxRobot robot, Walkthrough w, int i) {
        String then = w.steps().get(i).then();
        // a quotation, not the apostrophes of "tenant-b's worker; tenant-a's"
        Matcher m = Pattern.compile("(?<!\\w)'([^']+)'(?!\\w)").matcher(then);
        while (m.find()) {
            String quote = m.group(1);
            Node where = then.substring(0, m.start()).contains("inspector")
                    ? robot.lookup("#inspector-sheet").query() : robot.lookup("#status").query().getScene().getRoot();
            List<String> seen = new ArrayList<>();
            robot.interact(() -> shownTexts(where, seen));
            assertTrue(seen.stream().anyMatch(t -> t.contains(quote)), w.id() + " step " + (i + 1) + " says '" + quote
                    + "' will be read" + (where.getId() == null ? "" : " in #" + where.getId()) + "; shown there: "
                    + seen);
        }
    }

    /** The texts of the labels under {@code n} that are drawn: each of them and their parents visible. */
    private static void shownTexts(Node n, List<String> out) {
        for (Node up = n; up != null; up = up.getParent()) {
            if (!up.isVisible()) {
                return;
            }
        }
        collect(n, out);
    }

    private static void collect(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof WordWrapLabel l) {
            out.add(l.getFullText());
        } else if (n instanceof javafx.scene.control.Labeled l && l.getText() != null) {
            out.add(l.getText());
        }
        if (n instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, out));
        }
    }

    @Test
    void everyWalkthroughCompletesByEveryRouteItsStepsOffer(FxRobot robot) {
        for (Walkthrough w : WalkthroughLoader.builtIns()) {
            open(robot, 1600, 1000);
            FxTestSupport.beginFromMenu(robot, w);
            for (int i = 0; i < w.steps().size(); i++) {
                play(robot, w, i, w.steps().get(i).routes().get(0));
            }
            assertTrue(workbench.walkthroughs().finishedProperty().get(), w.id());
            for (int i = 0; i < w.steps().size(); i++) {
                for (int r = 1; r < w.steps().get(i).routes().size(); r++) {
                    open(robot, 1600, 1000);
                    FxTestSupport.beginFromMenu(robot, w);
                    for (int j = 0; j < i; j++) {
                        play(robot, w, j, w.steps().get(j).routes().get(0));
                    }
                    play(robot, w, i, w.steps().get(i).routes().get(r));
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
        open(robot, 1600, 1000);
        Walkthrough w = WalkthroughLoader.builtIns().get(0);
        FxTestSupport.beginFromMenu(robot, w);
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        settle(() -> at() == 1);
        int actions = workbench.viewModel().history().timeline().size();
        long version = lab().version();
        robot.clickOn("#walkthrough-next");
        settle(() -> workbench.walkthroughs().viewedProperty().get() == 2);
        assertEquals(2, workbench.walkthroughs().viewedProperty().get());
        assertTrue(robot.lookup("#wt-step-2").queryAs(Node.class).getStyleClass().contains("viewed"));
        assertTrue(robot.lookup("#wt-step-2 #wt-action").tryQuery().isPresent(), "the next step's text is shown");
        robot.clickOn("#walkthrough-back").clickOn("#walkthrough-back");
        settle(() -> workbench.walkthroughs().viewedProperty().get() == 0);
        assertEquals(0, workbench.walkthroughs().viewedProperty().get());
        assertTrue(FxTestSupport.text(robot, "wt-action").startsWith("✓ Done: "), "a done step says it is done");
        assertEquals(actions, workbench.viewModel().history().timeline().size(),
                "Back and Next did nothing to the lab");
        assertEquals(version, lab().version());
        assertEquals(1, at());
        FxTestSupport.dragPod(robot, "article", "tenant-header-tenant-a");
        settle(() -> at() == 2);
        assertEquals(2, workbench.walkthroughs().viewedProperty().get(), "progress brings the text back to the step");
    }

    @Test
    void theStepShownIsInViewAndTheWheelScrollsThePanel(FxRobot robot) {
        open(robot, 1280, 720);
        Walkthrough w = WalkthroughLoader.builtIns().get(0);
        FxTestSupport.beginFromMenu(robot, w);
        for (int i = 0; i < 5; i++) {
            play(robot, w, i, w.steps().get(i).routes().get(0));
        }
        settle(() -> at() == 5);
        assertEquals(5, at());
        ScrollPane pane = robot.lookup("#walkthrough-scroll").queryAs(ScrollPane.class);
        assertInView(robot, pane, 5);
        assertTrue(pane.getContent().getLayoutBounds().getHeight() > pane.getViewportBounds().getHeight(),
                "the panel is taller than its view at 1280x720");
        robot.interact(() -> pane.setVvalue(pane.getVmin()));
        double before = pane.getVvalue();
        // a wheel turn over a step's text, as the window delivers it (Monocle's robot wheel is unreliable headless;
        // the real-window run turns the real wheel): it bubbles up to the panel's scroll pane
        wheel(robot, "#wt-step-1", -120);
        double after = pane.getVvalue();
        assertTrue(after > before, "the wheel scrolled the panel: " + before + " -> " + after);
        wheel(robot, "#wt-step-1", 120);
        assertTrue(pane.getVvalue() < after, "and back: " + after + " -> " + pane.getVvalue());

        // what step 6 asks to compare appears under it for the tenant clicked: at 1280x720 that is below the fold,
        // and the panel brings it into view (it stayed cut under the step's text)
        robot.clickOn("#tenant-name-tenant-a");
        settle(() -> robot.lookup("#wt-inspect .step-title").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        Node compare = robot.lookup("#wt-inspect").query();
        Bounds view = pane.localToScene(pane.getLayoutBounds());
        Bounds rows = compare.localToScene(compare.getLayoutBounds());
        assertTrue(rows.getMinY() >= view.getMinY() - 1 && rows.getMaxY() <= view.getMaxY() + 1,
                "what step 6 compares for tenant-a is in view: " + rows + " in " + view);

        robot.interact(() -> pane.setVvalue(pane.getVmax()));
        for (int i = 0; i < 5; i++) {
            robot.clickOn("#walkthrough-back");
        }
        settle(() -> workbench.walkthroughs().viewedProperty().get() == 0);
        assertEquals(0, workbench.walkthroughs().viewedProperty().get());
        assertInView(robot, pane, 0);
    }

    private static void wheel(FxRobot robot, String query, double deltaY) {
        Node over = robot.lookup(query).query();
        Node target = over.lookupAll(".label").stream().findFirst().orElse(over);
        Bounds b = target.localToScene(target.getLayoutBounds());
        Bounds s = target.localToScreen(target.getLayoutBounds());
        robot.interact(() -> javafx.event.Event.fireEvent(target, new javafx.scene.input.ScrollEvent(
                javafx.scene.input.ScrollEvent.SCROLL, b.getCenterX(), b.getCenterY(), s.getCenterX(), s.getCenterY(),
                false, false, false, false, false, false, 0, deltaY, 0, deltaY,
                javafx.scene.input.ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                javafx.scene.input.ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, null)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void assertInView(FxRobot robot, ScrollPane pane, int step) {
        WaitForAsyncUtils.waitForFxEvents();
        Node box = robot.lookup("#wt-step-" + step).query();
        Bounds view = pane.localToScene(pane.getLayoutBounds());
        Bounds b = box.localToScene(box.getLayoutBounds());
        assertTrue(b.getMinY() >= view.getMinY() - 1 && b.getMinY() < view.getMaxY() - 40,
                "step " + (step + 1) + " is in view: " + b + " in " + view);
    }

    /**
     * "What the tenants share" reads the management band ("The management band will read '2 of 3 members up ...'"),
     * which a 1280x720 window and presentation mode fold to one line: the walkthrough opens it at each step, and what
     * the step said would be read there is on screen.
     */
    @Test
    void aWalkthroughThatReadsTheManagementBandOpensItOnAShortScreen(FxRobot robot) {
        open(robot, 1280, 720);
        Walkthrough w = WalkthroughLoader.builtIns().stream().filter(x -> x.id().equals("what-the-tenants-share"))
                .findFirst().orElseThrow();
        assertTrue(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"),
                "a 1280x720 window starts with the band folded");
        FxTestSupport.beginFromMenu(robot, w);
        assertFalse(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"),
                "the walkthrough opened the band it reads");
        play(robot, w, 0, w.steps().get(0).routes().get(0));
        // the trainee scrolls up to the band (step 2 may have brought tenant-b into view below it) and folds it;
        // the next step opens it again
        robot.interact(() -> robot.lookup("#topology").queryAs(ScrollPane.class).setVvalue(0));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#management-toggle");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"));
        play(robot, w, 1, w.steps().get(1).routes().get(0));
        assertFalse(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"),
                "step 3 begins with the band open");
        // presentation mode folds the band; a walkthrough that reads it keeps it open
        robot.interact(() -> workbench.view().setPresentation(true));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#management").queryAs(Node.class).getStyleClass().contains("collapsed"),
                "presentation mode during the walkthrough keeps the band open");
    }

    /**
     * Presentation mode's larger type moves the steps down: at 1024x768 step 1 of "What the tenants share" kept its
     * title in view while what to do and what will be seen fell below the fold (seen in the real window). The panel
     * brings them back into view when its size or type changes.
     */
    @Test
    void presentationModeKeepsWhatToDoOfTheStepInView(FxRobot robot) {
        open(robot, 1024, 768);
        Walkthrough w = WalkthroughLoader.builtIns().stream().filter(x -> x.id().equals("what-the-tenants-share"))
                .findFirst().orElseThrow();
        FxTestSupport.beginFromMenu(robot, w);
        robot.interact(() -> workbench.view().setPresentation(true));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        ScrollPane pane = robot.lookup("#walkthrough-scroll").queryAs(ScrollPane.class);
        Bounds view = pane.localToScene(pane.getLayoutBounds());
        for (String part : List.of("#wt-step-0 #wt-action", "#wt-step-0 #wt-then")) {
            Node n = robot.lookup(part).query();
            Bounds b = n.localToScene(n.getLayoutBounds());
            assertTrue(b.getMinY() >= view.getMinY() - 1 && b.getMaxY() <= view.getMaxY() + 1, part + " in view in "
                    + "presentation mode at 1024x768: " + b + " in " + view);
        }
    }

    @Test
    void startOnAFreshLabSaysItStartedAndWhichStepIsFirst(FxRobot robot) {
        open(robot, 1600, 1000);
        Walkthrough w = WalkthroughLoader.builtIns().get(2);
        FxTestSupport.beginFromMenu(robot, w);
        assertEquals(0, workbench.viewModel().history().timeline().size(), "nothing to reset on a fresh lab");
        assertEquals("Started “The node lock” on the article lab as opened; step 1: Switch to the article's mock",
                workbench.viewModel().statusProperty().get());
        robot.clickOn("#lifecycle-article");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#walkthrough-start");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Started “The node lock”: the lab is reset (Undo brings it back); step 1: Switch to the "
                + "article's mock", workbench.viewModel().statusProperty().get());
        assertEquals(0, at());
    }
}
