package io.gpulab.app.gui.view;

import static io.gpulab.app.gui.RealDisplay.shown;
import static io.gpulab.app.gui.RealDisplay.visible;
import static io.gpulab.app.gui.RealDisplay.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.app.gui.RealDisplay;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.walkthrough.Walkthrough;
import io.gpulab.app.gui.walkthrough.WalkthroughLoader;
import io.gpulab.app.gui.walkthrough.WalkthroughStep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.ToolBar;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Screen;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A trainer's projector: the real workbench on a real X display (Xvfb, {@code .ci/run} runs it at 1024 x 768,
 * 1280 x 720 and 1920 x 1080), put in presentation mode with its shortcut, plays every built-in walkthrough by every
 * route its steps offer, with the real mouse: a toolbar button taken from the overflow menu where the screen is
 * narrow, the canvas scrolled by the trainee only between the actions of a route. At every step worked on: the screen
 * is covered, the type is larger and no hint strip is shown; the panel's progress reads on one line and none of its
 * labels is cut; what to do and what will then be seen are in view; the statements shown about the lab are those
 * true of it; when it begins, what it points at on the canvas ({@link StepTarget}) is in the canvas's view. {@code -Dgpulab.shots=DIR} also writes the screen at every step (the pictures a reviewer reads).
 */
@Tag("real-window")
class PresentationTourTest {

    private static final FxRobot ROBOT = new FxRobot();
    private static RealDisplay display;
    private static Stage stage;
    private static Workbench workbench;
    private static int shot;
    /** What the projector showed wrong, every step's at once (a tour stops only where a route does not complete). */
    private static final List<String> WRONG = new ArrayList<>();

    @BeforeAll
    static void openTheWorkbenchInPresentationMode() throws Exception {
        open(false);
    }

    /** The workbench opened as {@code gpulab gui} opens it (dark: switched with Ctrl+T), then in presentation mode. */
    static void open(boolean dark) throws Exception {
        display = RealDisplay.open(dark);
        stage = display.stage();
        workbench = display.workbench();
        ROBOT.push(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.F);
        Rectangle2D whole = Screen.getPrimary().getBounds();
        waitFor("presentation mode on the whole screen", () -> workbench.view().presentation()
                && Math.abs(stage.getWidth() - whole.getWidth()) < 2 && Math.abs(stage.getHeight() - whole.getHeight()) < 2);
    }

    @AfterAll
    static void close() throws Exception {
        if (display != null) {
            display.close();
        }
    }

    @Test
    void everyWalkthroughPlaysOnTheProjectorByEveryRoute() throws Exception {
        for (Walkthrough w : WalkthroughLoader.builtIns()) {
            begin(w);
            for (int i = 0; i < w.steps().size(); i++) {
                play(w, i, w.steps().get(i).routes().get(0), "");
            }
            waitFor(w.id() + " complete", () -> workbench.walkthroughs().finishedProperty().get());
            look(w, w.steps().size(), "complete");
            for (int i = 0; i < w.steps().size() && alternateRoutes(); i++) {
                for (int r = 1; r < w.steps().get(i).routes().size(); r++) {
                    begin(w);
                    for (int j = 0; j < i; j++) {
                        play(w, j, w.steps().get(j).routes().get(0), "");
                    }
                    play(w, i, w.steps().get(i).routes().get(r), "route" + (r + 1));
                }
            }
        }
        assertEquals(List.of(), WRONG, "what the projector showed wrong");
    }

    /** Whether the steps' other routes are played too (the dark tour plays the first: routes do not change with a theme). */
    boolean alternateRoutes() {
        return true;
    }

    /** Walkthroughs ▸ the walkthrough, as a trainer starts it (the lab is reset when it holds anything). */
    private static void begin(Walkthrough w) {
        ROBOT.clickOn("Walkthroughs");
        WaitForAsyncUtils.waitForFxEvents();
        Node item = ROBOT.lookup(".menu-item").match((Node n) -> n.lookupAll(".label").stream()
                .anyMatch(l -> w.title().equals(((Label) l).getText()))).query();
        ROBOT.clickOn(item);
        waitFor(w.id() + " started", () -> workbench.walkthroughs().stepIndexProperty().get() == 0
                && workbench.walkthroughs().onItsLabProperty().get() && w.title().equals(((Label) ROBOT.lookup(
                "#walkthrough-title").query()).getText()));
    }

    private static int at() {
        return workbench.walkthroughs().stepIndexProperty().get();
    }

    private static void play(Walkthrough w, int i, List<WalkthroughStep.RouteAction> route, String tag) throws Exception {
        assertEquals(i, at(), w.id() + ": step " + (i + 1) + " is the one worked on");
        look(w, i, "begins" + tag);
        for (WalkthroughStep.RouteAction a : route) {
            perform(a);
            if (at() == i) {
                look(w, i, "after-" + a.kind() + tag);
            }
        }
        waitFor(w.id() + " step " + (i + 1) + " done by " + route, () -> at() == i + 1);
    }

    /** One action of a route, done the way a trainee in front of this screen does it. */
    private static void perform(WalkthroughStep.RouteAction a) {
        switch (a.kind()) {
            case "drop" -> {
                String target = "#tenant-header-" + a.args().get("tenant");
                scrollCanvasTo(target);
                FxTestSupport.dragPod(ROBOT, a.args().get("template"), target.substring(1));
            }
            case "click" -> {
                scrollCanvasTo("#" + a.args().get("id"));
                click("#" + a.args().get("id"));
            }
            case "select" -> {
                scrollCanvasTo("#tenant-name-" + a.args().get("id"));
                ROBOT.clickOn("#tenant-name-" + a.args().get("id"));
            }
            default -> WalkthroughPlayer.perform(ROBOT, a);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** A toolbar button the narrow screen moved to the overflow menu is taken from there. */
    private static void click(String query) {
        java.util.Optional<Node> n = ROBOT.lookup(query).tryQuery();
        if (n.isEmpty() || !shown(n.get())) {
            ToolBar bar = ROBOT.lookup(".lab-toolbar").queryAs(ToolBar.class);
            ROBOT.clickOn(bar.lookup(".tool-bar-overflow-button"));
            WaitForAsyncUtils.waitForFxEvents();
        }
        ROBOT.clickOn(query);
    }

    /** The trainee scrolls the canvas until the tenant a step names is in sight (a wheel turn or two). */
    private static void scrollCanvasTo(String query) {
        Node target = ROBOT.lookup(query).tryQuery().orElse(null);
        if (target == null) {
            return; // not on the canvas: a toolbar button in the overflow menu
        }
        ROBOT.interact(() -> {
            for (Node p = target.getParent(); p != null; p = p.getParent()) {
                if (p instanceof ScrollPane pane && pane.getContent() != null) {
                    Bounds view = pane.localToScene(pane.getLayoutBounds());
                    Bounds b = target.localToScene(target.getLayoutBounds());
                    if (b.getMinY() < view.getMinY() || b.getMaxY() > view.getMaxY()) {
                        double range = pane.getContent().getLayoutBounds().getHeight() - pane.getViewportBounds()
                                .getHeight();
                        double y = b.getMinY() - view.getMinY() + range * pane.getVvalue() - 20;
                        pane.setVvalue(Math.max(0, Math.min(1, y / range)));
                    }
                    return;
                }
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** What the projector shows while step {@code i} is worked on ({@code i} past the last: the walkthrough done). */
    private static void look(Walkthrough w, int i, String when) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.sleep(150, TimeUnit.MILLISECONDS); // the panel's scroll runs later on the FX thread
        WaitForAsyncUtils.waitForFxEvents();
        String where = w.id() + " step " + (i + 1) + " " + when;
        String dir = System.getProperty("gpulab.shots");
        if (dir != null) {
            Rectangle2D screen = Screen.getPrimary().getBounds();
            Path out = Path.of(dir, (int) screen.getWidth() + "x" + (int) screen.getHeight() + (Theme.isDark(
                    stage.getScene()) ? "-dark" : ""), String.format("%03d-%s-%d-%s.png", ++shot, w.id(), i + 1, when));
            Files.createDirectories(out.getParent());
            new ProcessBuilder("import", "-window", "root", out.toString()).inheritIO().start().waitFor();
        }
        List<String> problems = new ArrayList<>();
        ROBOT.interact(() -> {
            Rectangle2D whole = Screen.getPrimary().getBounds();
            if (Math.abs(stage.getWidth() - whole.getWidth()) > 2 || Math.abs(stage.getHeight() - whole.getHeight()) > 2) {
                problems.add("the window does not cover the screen");
            }
            stage.getScene().getRoot().lookupAll(".key-hints").stream().filter(n -> visible(n)
                    && n.getLayoutBounds().getHeight() > 0).forEach(n -> problems.add("a hint strip is shown"));
            Labeled progress = (Labeled) stage.getScene().lookup("#walkthrough-progress");
            Labeled summary = (Labeled) stage.getScene().lookup("#walkthrough-summary");
            if (summary.getFont().getSize() < 15) {
                problems.add("the panel's type is not larger: " + summary.getFont().getSize() + " px");
            }
            // and grows with the screen (docs/workbench.md): 15 px at 1280x720 and below, 22.5 px at 1920x1080
            double drawn = summary.getFont().getSize() * summary.getLocalToSceneTransform().getMyy();
            double wanted = 15 * Math.max(1, Math.min(whole.getWidth() / 1280, whole.getHeight() / 720));
            if (drawn < wanted - 0.01) {
                problems.add("the panel's type is drawn at " + drawn + " px on a " + (int) whole.getWidth() + "x"
                        + (int) whole.getHeight() + " screen, not " + wanted + " px");
            }
            if (lines(progress) > 1) {
                problems.add("the progress '" + progress.getText() + "' wraps on " + lines(progress) + " lines");
            }
            cut(stage.getScene().lookup("#walkthrough"), problems);
            if (i < w.steps().size() && at() == i) { // not when the step ticked while the screen was taken
                inView("#wt-step-" + i + " #wt-action", problems);
                inView("#wt-step-" + i + " #wt-then", problems);
                List<String> shown = new ArrayList<>();
                stage.getScene().lookup("#wt-step-" + i).lookupAll(".step-now")
                        .forEach(n -> shown.add(((Label) n).getText()));
                List<String> tru = new ArrayList<>();
                w.steps().get(i).now().stream().filter(n -> n.check().test(workbench.viewModel().snapshot()))
                        .forEach(n -> tru.add("● " + n.text()));
                if (!tru.equals(shown)) {
                    problems.add("shown about the lab " + shown + ", true of it " + tru);
                }
                if (when.startsWith("begins")) {
                    targetInView(w, i, problems);
                }
            }
        });
        problems.forEach(p -> WRONG.add(where + ": " + p));
    }

    /** A pixel's rounding: the canvas holds the target in view while the heights settle (TopologyView.holdInView). */
    private static final double DRIFT = 1;

    /**
     * What step {@code i} points at on the canvas is drawn whole inside the canvas's view, or from its top when it is
     * taller than the view: every step of a tour begins for the trainee (Start, or the trainee's action on the step
     * before), and the canvas brings it into view (docs/workbench.md, "Walkthroughs").
     */
    private static void targetInView(Walkthrough w, int i, List<String> problems) {
        ScrollPane canvas = (ScrollPane) stage.getScene().lookup("#topology");
        Node content = canvas.getContent();
        StepTarget t = StepTarget.of(w, i, id -> content.lookup("#" + id) != null);
        if (t == null) {
            return;
        }
        Node top = content.lookup("#" + t.topId());
        Node bottom = content.lookup("#" + t.bottomId());
        Node viewport = canvas.lookup(".viewport");
        Bounds v = viewport.localToScene(viewport.getLayoutBounds());
        double from = top.localToScene(top.getLayoutBounds()).getMinY();
        double to = bottom.localToScene(bottom.getLayoutBounds()).getMaxY();
        // 2-6 px of a box's top were past the view's top at 1024x768 and 1920x1080 on a loaded machine: the view's
        // or the content's height changed after the reveal and the same scroll fraction moved the box (now held)
        if (from < v.getMinY() - DRIFT || from > v.getMaxY() - 20
                || to > v.getMaxY() + DRIFT && to - from <= v.getHeight()) {
            problems.add("#" + t.topId() + " to #" + t.bottomId() + ", what the step points at, out of the canvas's "
                    + "view: " + (int) from + ".." + (int) to + " in " + (int) v.getMinY() + ".." + (int) v.getMaxY());
        }
    }

    private static int lines(Labeled l) {
        Text drawn = (Text) l.lookup(".text");
        Text one = new Text(l.getText());
        one.setFont(l.getFont());
        return drawn == null ? 1 : (int) Math.round(drawn.getLayoutBounds().getHeight()
                / one.getLayoutBounds().getHeight());
    }

    private static void inView(String query, List<String> problems) {
        Node n = stage.getScene().lookup(query);
        if (n == null) {
            return;
        }
        ScrollPane pane = (ScrollPane) stage.getScene().lookup("#walkthrough-scroll");
        Bounds view = pane.localToScene(pane.getLayoutBounds());
        Bounds b = n.localToScene(n.getLayoutBounds());
        if (b.getMinY() < view.getMinY() - 1 || b.getMaxY() > view.getMaxY() + 1) {
            problems.add(query + " out of view: " + (int) b.getMinY() + ".." + (int) b.getMaxY() + " in "
                    + (int) view.getMinY() + ".." + (int) view.getMaxY());
        }
    }

    /** Every visible label of the panel whose drawn text differs from its text (an ellipsis), unless its tooltip says it. */
    private static void cut(Node n, List<String> problems) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isBlank()
                && (l.getTooltip() == null || !l.getTooltip().getText().contains(l.getText().strip()))) {
            StringBuilder drawn = new StringBuilder();
            l.getChildrenUnmodifiable().stream().filter(c -> c instanceof Text).forEach(c -> drawn.append(
                    ((Text) c).getText()));
            if (drawn.length() > 0 && !drawn.toString().replace("\n", "").equals(l.getText().replace("\n", ""))) {
                problems.add("cut: '" + l.getText() + "' drawn as '" + drawn + "'");
            }
        }
        if (n instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> cut(c, problems));
        }
    }
}
