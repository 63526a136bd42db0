package io.gpulab.app.gui;

import io.gpulab.app.gui.view.Theme;
import io.gpulab.app.gui.window.WindowFit;
import io.gpulab.app.gui.window.WindowMemory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.Supplier;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real workbench on a real X display (Xvfb), as the real-window tests open it ({@code @Tag("real-window")},
 * {@code .ci/run} step 1b): a scenario's lab (the article's, unless a test needs another) opened as {@code gpulab gui}
 * opens it, in the light theme or switched to dark with its shortcut, and waits that a starved machine cannot turn
 * into a failure.
 */
public final class RealDisplay {

    private static final FxRobot ROBOT = new FxRobot();
    /** A hang guard, not a speed target: a starved 2-core machine can take far longer than 20 s to repaint. */
    private static final long GUARD_SECONDS = io.gpulab.engine.cluster.Await.BOUND.toSeconds();

    private final Stage stage;
    private final Workbench workbench;

    private RealDisplay(Stage stage, Workbench workbench) {
        this.stage = stage;
        this.workbench = workbench;
    }

    /**
     * Opens the workbench on the article's lab as {@code gpulab gui} does and gives its window the keyboard;
     * {@code dark}: then switches to the dark theme the way a user does, with its shortcut (Ctrl+T).
     */
    public static RealDisplay open(boolean dark) throws Exception {
        return open("article", dark);
    }

    /** As {@link #open(boolean)}, on the lab of the built-in scenario {@code scenario}. */
    public static RealDisplay open(String scenario, boolean dark) throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        AtomicReference<Workbench> w = new AtomicReference<>();
        EngineLabOpener opener = EngineLabOpener.sim();
        var lab = opener.open(scenario);
        FxToolkit.setupFixture(() -> w.set(WorkbenchApp.show(stage, lab, opener, scenario, WindowMemory.NONE)));
        waitFor("the window is painted", () -> stage.isShowing() && stage.getScene().getWidth() > 0);
        ROBOT.interact(stage::requestFocus);
        if (dark) {
            ROBOT.push(KeyCode.CONTROL, KeyCode.T);
            waitFor("the dark theme", () -> Theme.isDark(stage.getScene()));
        }
        waitFor("the theme is " + (dark ? "dark" : "light"), () -> Theme.isDark(stage.getScene()) == dark);
        return new RealDisplay(stage, w.get());
    }

    public Stage stage() {
        return stage;
    }

    public Workbench workbench() {
        return workbench;
    }

    /** Closes the lab and its window ({@code @AfterAll}). */
    public void close() throws Exception {
        FxToolkit.setupFixture(() -> {
            workbench.viewModel().close();
            stage.close();
        });
    }

    /** Waits until {@code condition}, read on the FX thread, holds; fails naming {@code what} after the guard. */
    public static void waitFor(String what, Supplier<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(GUARD_SECONDS, TimeUnit.SECONDS, () -> {
                AtomicReference<Boolean> ok = new AtomicReference<>(false);
                ROBOT.interact(() -> ok.set(condition.get()));
                return ok.get();
            });
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("waited " + GUARD_SECONDS + " s for: " + what, e);
        }
    }

    /** Waits for a showing window that {@code which} picks, laid out (a width); fails after the guard. */
    public static <T extends Window> T waitForWindow(Predicate<Window> which) {
        AtomicReference<Window> found = new AtomicReference<>();
        waitFor("the window", () -> {
            for (Window w : Window.getWindows()) {
                if (w.isShowing() && which.test(w)) {
                    found.set(w);
                    return w.getWidth() > 0;
                }
            }
            return false;
        });
        @SuppressWarnings("unchecked")
        T w = (T) found.get();
        return w;
    }

    /** Opens a window by its shortcut, as a user does, and waits for the one whose title contains {@code title}. */
    public static Stage openByShortcut(String title, KeyCode... keys) {
        ROBOT.push(keys);
        return waitForWindow(w -> w instanceof Stage s && s.getTitle() != null && s.getTitle().contains(title));
    }

    /** Closes a window a test opened and waits until it is gone, so the next test finds the screen as it was. */
    public static void closeWindow(String what, Stage window) throws Exception {
        FxToolkit.setupFixture(window::close);
        waitFor(what + " closed", () -> !window.isShowing());
    }

    /** Visible all the way up (call on the FX thread). */
    public static boolean visible(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** Visible all the way up, in a showing window, and inside the screen (a pixel's rounding allowed). */
    public static boolean shown(Node n) {
        AtomicReference<Boolean> out = new AtomicReference<>(false);
        ROBOT.interact(() -> {
            if (n.getScene() == null || n.getScene().getWindow() == null || !n.getScene().getWindow().isShowing()
                    || !visible(n)) {
                return;
            }
            Bounds b = n.localToScreen(n.getLayoutBounds());
            out.set(b != null && b.getWidth() > 0 && WindowFit.inside(Screen.getPrimary().getBounds(),
                    new Rectangle2D(b.getMinX(), b.getMinY(), b.getWidth(), b.getHeight())));
        });
        return out.get();
    }
}
