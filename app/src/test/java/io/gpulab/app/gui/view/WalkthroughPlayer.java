package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughStep;
import io.gpulab.engine.api.LabSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Plays a walkthrough in the window with the trainee's actions (its steps' routes), checking at every moment a step
 * is worked on that each statement it shows about the lab is true of the lab, and once it ticks that what it said
 * would be seen is true and on screen (WalkthroughRoutesTest, WalkthroughPanelViewTest, StepTargetInViewTest,
 * PresentationTourTest).
 */
final class WalkthroughPlayer {

    private final FxRobot robot;
    private final Workbench workbench;

    private WalkthroughPlayer(FxRobot robot, Workbench workbench) {
        this.robot = robot;
        this.workbench = workbench;
    }

    /** Shows the article's lab in {@code stage} at {@code width} x {@code height}, no walkthrough begun. */
    static WalkthroughPlayer open(FxRobot robot, Stage stage, double width, double height) {
        Workbench workbench = FxTestSupport.showAt(robot, stage, "article", width, height, false);
        WaitForAsyncUtils.waitForFxEvents();
        return new WalkthroughPlayer(robot, workbench);
    }

    Workbench workbench() {
        return workbench;
    }

    /** The step worked on (0-based). */
    int at() {
        return workbench.walkthroughs().stepIndexProperty().get();
    }

    /** Waits for a drop's effect to reach the panel (Await.BOUND at most: a hang guard, not a speed target). */
    static void settle(java.util.function.BooleanSupplier done) {
        try {
            WaitForAsyncUtils.waitFor(io.gpulab.engine.cluster.Await.BOUND.toSeconds(),
                    java.util.concurrent.TimeUnit.SECONDS, () -> done.getAsBoolean());
        } catch (java.util.concurrent.TimeoutException e) {
            // the assertion that follows says what is missing
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    LabSnapshot lab() {
        return workbench.viewModel().snapshot();
    }

    /**
     * The statements the step worked on shows about the lab are exactly those true of it now; when the step begins
     * ({@code all}), every statement it has is true, so the trainee reads the step as written.
     */
    private void statementsHold(Walkthrough w, int i, String when, boolean all) {
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
    void play(Walkthrough w, int i, List<WalkthroughStep.RouteAction> route) {
        assertEquals(i, at(), w.id() + ": step " + (i + 1) + " is the one worked on");
        statementsHold(w, i, "before its route", true);
        for (WalkthroughStep.RouteAction a : route) {
            perform(robot, a);
            if (at() == i) {
                statementsHold(w, i, "after " + a, false);
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
}
