package io.gpulab.app.gui.window;

import static io.gpulab.app.gui.RealDisplay.waitFor;
import static io.gpulab.app.gui.RealDisplay.waitForWindow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.RealDisplay;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.view.ConfirmWriteDialog;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Pane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every window and dialog of the workbench opens inside the screen, as the X server draws it: the real workbench on an
 * X display with a window manager, as on a desktop ({@code .ci/run} runs metacity on each Xvfb), opened by the robot's
 * real mouse and keys at 1024 x 768, 1280 x 720 and 1920 x 1080. GTK's file dialogs are not JavaFX windows: their
 * frames are read from the X server ({@link X11Windows}); JavaFX's windows are checked both ways. Each dialog is then
 * closed as a user does (Esc, or its button). docs/workbench.md, "Screens", says who places which window.
 */
@Tag("real-window")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DialogsInsideTheScreenTest {

    private static final FxRobot ROBOT = new FxRobot();
    private static final long GUARD_SECONDS = io.gpulab.engine.cluster.Await.BOUND.toSeconds();
    private static RealDisplay display;
    private static Stage stage;
    private static Workbench workbench;
    private static Rectangle2D screen;

    @BeforeAll
    static void openTheWorkbench() throws Exception {
        String wm = X11Windows.windowManager();
        assertNotNull(wm, "no window manager on DISPLAY " + System.getenv("DISPLAY") + ": on a desktop the window "
                + "manager fits GTK's file dialogs to the screen, a bare X server leaves them where GTK asks "
                + "(docs/workbench.md, \"Screens\"); start one, e.g. `DISPLAY=:N metacity &`");
        System.out.println("window manager: " + wm);
        display = RealDisplay.open(false);
        stage = display.stage();
        workbench = display.workbench();
        screen = Screen.getPrimary().getBounds();
    }

    @AfterAll
    static void close() throws Exception {
        if (display != null) {
            display.close();
        }
    }

    @Test
    @Order(1)
    void theMainWindowsFrameIsInsideTheScreen() {
        String expected = System.getProperty("gpulab.screen");
        if (expected != null) {
            assertEquals(expected, (int) screen.getWidth() + "x" + (int) screen.getHeight(), "the X screen");
        }
        assertFrameInside("the workbench", onlyWindow("GPU Tenancy Lab — article"));
    }

    @ParameterizedTest(name = "File → {0}")
    @Order(2)
    @CsvSource(delimiter = '|', value = {
        "Open scenario…|Open scenario",
        "Open snapshot…|Open snapshot (scenario or kubectl dumps)",
        "Save scenario…|Save scenario",
        "Export canvas PNG (1x)…|Export PNG",
        "Export window PNG (2x)…|Export PNG",
        "Export slide PNG (1x)…|Export slide PNG",
        "Export review report (PDF)…|Export review report"})
    void everyFileDialogOfTheFileMenuOpensInsideTheScreen(String item, String title) {
        ROBOT.clickOn("File");
        ROBOT.clickOn(item);
        assertNativeInside("GTK's \"" + title + "\" dialog", title);
    }

    @Test
    @Order(3)
    void aPathTypedIntoTheSaveDialogAndRefusedOpensItsErrorInsideTheScreen() throws Exception {
        ROBOT.clickOn("File");
        ROBOT.clickOn("Export canvas PNG (1x)…");
        nativeDialog("Export PNG");
        // the name field has the focus: a path nobody may write (procfs refuses new files, root too), then Enter
        answerNative("Export PNG", false, "/proc/gpulab-dialog-test.png");
        Window error = waitForWindow(w -> w != stage && w.getScene() != null
                && w.getScene().getRoot().lookup(".dialog-pane") instanceof DialogPane p
                && p.getContentText() != null && p.getContentText().startsWith("Cannot write"));
        assertJavaFxInside("the error", error);
        ROBOT.clickOn("OK");
        waitFor("the error closed", () -> !error.isShowing());
    }

    @Test
    @Order(4)
    void theDiscardQuestionOpensInsideTheScreen() {
        ROBOT.clickOn("#next-step");
        waitFor("a step in the history", () -> !workbench.viewModel().history().timeline().isEmpty());
        // File → Open scenario…, the path typed into GTK's dialog (Ctrl+L: its location field), Enter
        ROBOT.clickOn("File");
        ROBOT.clickOn("Open scenario…");
        nativeDialog("Open scenario");
        answerNative("Open scenario", true, java.nio.file.Path.of("..", "assets", "src", "main", "resources", "gpulab",
                "scenarios", "lock-lifecycle.yaml").toAbsolutePath().normalize().toString());
        Window question = waitForWindow(w -> w instanceof Stage s && "Discard your actions?".equals(s.getTitle()));
        assertJavaFxInside("the discard question", question);
        ROBOT.clickOn("Keep my lab");
        waitFor("the question closed", () -> !question.isShowing());
        assertTrue(stage.getTitle().endsWith("— article"), "the lab kept: " + stage.getTitle());
    }

    @Test
    @Order(5)
    void thePlanWindowAndItsOpenDialogOpenInsideTheScreen() throws Exception {
        Stage plan = RealDisplay.openByShortcut("candidate platforms", KeyCode.CONTROL, KeyCode.L);
        try {
            assertJavaFxInside("the Plan window", plan);
            ROBOT.clickOn("Open plan…");
            assertNativeInside("GTK's \"Open plan\" dialog over the Plan window", "Open plan");
        } finally {
            RealDisplay.closeWindow("the Plan window", plan);
        }
    }

    @Test
    @Order(6)
    void theIsolationWindowAndItsExportDialogOpenInsideTheScreen() throws Exception {
        Stage isolation = RealDisplay.openByShortcut("isolation by layer", KeyCode.CONTROL, KeyCode.I);
        try {
            assertJavaFxInside("the isolation window", isolation);
            waitFor("the isolation table derived", () -> !ROBOT.lookup("Export PDF…").queryButton().isDisabled());
            ROBOT.clickOn("Export PDF…");
            assertNativeInside("GTK's \"Export isolation by layer\" dialog", "Export isolation by layer");
        } finally {
            RealDisplay.closeWindow("the isolation window", isolation);
        }
    }

    /** The Decision report… save dialog, asked for once a plan has a result (the button is off until then). */
    @Test
    @Order(7)
    void thePlanWindowsDecisionReportDialogOpensInsideTheScreen() throws Exception {
        Stage plan = RealDisplay.openByShortcut("candidate platforms", KeyCode.CONTROL, KeyCode.L);
        try {
            ROBOT.clickOn("mixed-fleet");
            ROBOT.clickOn("#plan-run");
            Button report = ROBOT.lookup("#plan-report").queryButton();
            waitFor("the plan's result (Decision report… enabled)", () -> !report.isDisabled());
            ROBOT.clickOn(report);
            assertNativeInside("GTK's \"Export decision report\" dialog over the Plan window",
                    "Export decision report");
        } finally {
            RealDisplay.closeWindow("the Plan window", plan);
        }
    }

    /**
     * The question asked before a write on a cluster (--allow-writes), owned by the workbench as in {@code gpulab gui}.
     * Opened directly: reaching it through a user's action needs a live cluster; a sim lab never asks it.
     */
    @Test
    @Order(8)
    void theClusterWriteConfirmationOpensInsideTheScreen() {
        AtomicReference<Boolean> sent = new AtomicReference<>();
        Platform.runLater(() -> sent.set(new ConfirmWriteDialog(stage).allow("Delete pod default/train-0 in team-a",
                "This is a write to the real cluster (cluster backend); it cannot be undone here.")));
        Window confirm = waitForWindow(w -> w instanceof Stage s && "Write to the cluster?".equals(s.getTitle()));
        assertJavaFxInside("the cluster write confirmation", confirm);
        ROBOT.clickOn("Cancel");
        waitFor("the confirmation answered", () -> sent.get() != null);
        assertEquals(false, sent.get(), "Cancel sends nothing");
    }

    /**
     * A window left on a larger screen (or a second monitor now gone) opens fitted to this one; on a screen where the
     * remembered bounds still lie, they are kept. Through {@link WindowPlacement} as the main and Plan windows use it.
     */
    @Test
    @Order(9)
    void boundsRememberedOnALargerScreenAreNotReusedOnThisOne() throws Exception {
        Rectangle2D visual = Screen.getPrimary().getVisualBounds();
        Rectangle2D on4k = new Rectangle2D(400, 200, 3000, 1800);
        Rectangle2D onSecondMonitor = new Rectangle2D(visual.getMaxX() + 100, 100, 800, 600);
        Rectangle2D fits = new Rectangle2D(visual.getMinX() + 20, visual.getMinY() + 10, 900, 600);
        for (Rectangle2D last : List.of(on4k, onSecondMonitor, fits)) {
            WindowMemory memory = new Remembered(last);
            Rectangle2D main = opened(s -> new WindowPlacement(memory).placeMain(s, "workbench"));
            Rectangle2D plan = opened(s -> new WindowPlacement(memory).place(s, "plan", stage, 1280, 800));
            for (Rectangle2D b : List.of(main, plan)) {
                assertTrue(WindowFit.inside(visual, b), "remembered " + last + ", opened at " + b + " on " + visual);
            }
            if (last == fits) {
                assertEquals(fits, main, "the user's size and place, kept where they fit");
                assertEquals(fits, plan, "the user's size and place, kept where they fit");
            } else {
                assertEquals(WindowFit.mainWindow(visual, null), main, "fitted to this screen as on a first start");
            }
        }
    }

    // ---- helpers ----

    private static Rectangle2D opened(java.util.function.Consumer<Stage> place) throws Exception {
        AtomicReference<Stage> s = new AtomicReference<>();
        FxToolkit.setupFixture(() -> {
            Stage st = new Stage();
            st.setTitle("gpulab placement probe");
            st.setScene(new Scene(new Pane()));
            place.accept(st);
            st.show();
            s.set(st);
        });
        Stage st = s.get();
        // once the window manager has framed and placed it: JavaFX learns the frame's extents after the window is
        // mapped, and until then may report the window 37 px (the title bar) higher than it will be
        AtomicReference<Rectangle2D> b = new AtomicReference<>();
        waitFor("the probe shown and placed", () -> {
            Rectangle2D now = new Rectangle2D(st.getX(), st.getY(), st.getWidth(), st.getHeight());
            boolean settled = st.isShowing() && st.getWidth() > 0 && now.equals(b.get());
            b.set(now);
            return settled;
        });
        sleep(500);
        waitFor("the probe still where it was", () -> {
            Rectangle2D now = new Rectangle2D(st.getX(), st.getY(), st.getWidth(), st.getHeight());
            boolean settled = now.equals(b.get());
            b.set(now);
            return settled;
        });
        FxToolkit.setupFixture(st::close);
        return b.get();
    }

    /** A memory holding one set of bounds for every window. */
    private record Remembered(Rectangle2D bounds) implements WindowMemory {
        @Override
        public @Nullable Rectangle2D last(String window) {
            return bounds;
        }

        @Override
        public void remember(String window, Rectangle2D b) {
        }
    }

    /** The GTK dialog titled {@code title}, once the window manager has placed it (two equal reads in a row). */
    private static String nativeDialog(String title) {
        AtomicReference<String> id = new AtomicReference<>();
        AtomicReference<Rectangle2D> last = new AtomicReference<>();
        waitForX("GTK's \"" + title + "\" dialog mapped and placed", () -> {
            List<String> ids = X11Windows.titled(title);
            if (ids.size() != 1) {
                return false;
            }
            id.set(ids.get(0));
            Rectangle2D now = X11Windows.frame(ids.get(0));
            boolean settled = now.equals(last.get());
            last.set(now);
            if (!settled) {
                sleep(300);
            }
            return settled;
        });
        return id.get();
    }

    /**
     * Types {@code path} into GTK's dialog and presses Enter, as a user does; {@code location}: first Ctrl+L, an open
     * dialog's location field (a save dialog's name field has the focus already). Pauses let GTK show the field and
     * finish completing the path. The dialog is closed by Esc if it did not take the answer.
     */
    private static void answerNative(String title, boolean location, String path) {
        boolean answered = false;
        try {
            if (location) {
                X11Windows.key("ctrl+l");
                sleep(700);
            }
            X11Windows.key("ctrl+a");
            X11Windows.type(path);
            sleep(700);
            X11Windows.key("Return");
            waitForX("GTK's \"" + title + "\" dialog took the typed path", () -> X11Windows.titled(title).isEmpty());
            answered = true;
        } finally {
            if (!answered) {
                closeNative(title);
            }
        }
    }

    /** GTK's dialog titled {@code title}, just asked for: its frame is inside the screen; it is closed either way. */
    private static void assertNativeInside(String what, String title) {
        String dialog = nativeDialog(title);
        try {
            assertFrameInside(what, dialog);
        } finally {
            closeNative(title);
        }
    }

    /** Esc, as a user closes GTK's dialog (a second Esc where the first only closed its location field). */
    private static void closeNative(String title) {
        for (int i = 0; i < 3 && !X11Windows.titled(title).isEmpty(); i++) {
            X11Windows.key("Escape");
            try {
                WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> X11Windows.titled(title).isEmpty());
            } catch (java.util.concurrent.TimeoutException e) {
                // pressed again below; the guard after the loop fails the test if it never closes
            }
        }
        waitForX("GTK's \"" + title + "\" dialog closed by Esc", () -> X11Windows.titled(title).isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String onlyWindow(String title) {
        List<String> ids = X11Windows.titled(title);
        assertEquals(1, ids.size(), "one window titled " + title + ": " + ids);
        return ids.get(0);
    }

    private static void assertFrameInside(String what, String id) {
        Rectangle2D b = X11Windows.frame(id);
        String raw = X11Windows.raw(id);
        System.out.println(what + " on " + (int) screen.getWidth() + "x" + (int) screen.getHeight() + ": " + b + "; "
                + raw);
        assertTrue(WindowFit.inside(screen, b), what + " at " + b + " is not inside the screen " + screen + " ("
                + raw + ")");
    }

    /** JavaFX's bounds of {@code w}, and its frame as the X server has it, both inside the screen. */
    private static void assertJavaFxInside(String what, Window w) {
        AtomicReference<Rectangle2D> fx = new AtomicReference<>();
        AtomicReference<String> title = new AtomicReference<>();
        ROBOT.interact(() -> {
            fx.set(new Rectangle2D(w.getX(), w.getY(), w.getWidth(), w.getHeight()));
            title.set(w instanceof Stage s ? s.getTitle() : null);
        });
        assertTrue(WindowFit.inside(screen, fx.get()), what + " at " + fx.get() + " is not inside the screen " + screen);
        if (title.get() != null && !title.get().isEmpty()) {
            assertFrameInside(what, onlyWindow(title.get()));
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits on the X server only: while GTK's dialog runs its own loop, nothing is asked of the FX thread. */
    private static void waitForX(String what, Supplier<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(GUARD_SECONDS, TimeUnit.SECONDS, condition::get);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("waited " + GUARD_SECONDS + " s for: " + what, e);
        }
    }
}
