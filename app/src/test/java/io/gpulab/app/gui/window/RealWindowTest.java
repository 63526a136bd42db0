package io.gpulab.app.gui.window;

import static io.gpulab.app.gui.RealDisplay.shown;
import static io.gpulab.app.gui.RealDisplay.waitFor;
import static io.gpulab.app.gui.RealDisplay.waitForWindow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.RealDisplay;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.view.Texts;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToolBar;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real workbench on a real X display (Xvfb), driven by the robot's real mouse and keys: {@code .ci/run} runs it
 * once per screen, 1024 x 768, 1280 x 720 and 1920 x 1080 (docs/workbench.md, "Screens"), with
 * {@code gpulab.screen} naming the screen it must find. Not part of the Monocle run ({@code @Tag("real-window")}).
 */
@Tag("real-window")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RealWindowTest {

    private static final FxRobot ROBOT = new FxRobot();
    private static RealDisplay display;
    private static Stage stage;
    private static Workbench workbench;
    private static Rectangle2D screen;

    @BeforeAll
    static void openTheWorkbench() throws Exception {
        open(false);
    }

    /**
     * Opens the workbench as {@code gpulab gui} does; {@code dark}: then switches to the dark theme the way a user
     * does, with its shortcut (Ctrl+T), so every check runs on the dark window ({@link RealWindowDarkTest}).
     */
    static void open(boolean dark) throws Exception {
        display = RealDisplay.open(dark);
        stage = display.stage();
        workbench = display.workbench();
        screen = Screen.getPrimary().getVisualBounds();
    }

    @AfterAll
    static void close() throws Exception {
        if (display != null) {
            display.close();
        }
    }

    private boolean wide() {
        return screen.getWidth() >= 1280;
    }

    @Test
    @Order(1)
    void theDisplayIsTheScreenUnderTest() {
        String expected = System.getProperty("gpulab.screen");
        Rectangle2D b = Screen.getPrimary().getBounds();
        assertFalse(com.sun.glass.ui.Application.GetApplication().getClass().getName().contains("monocle"),
                "a real display, not Monocle");
        if (expected != null) {
            assertEquals(expected, (int) b.getWidth() + "x" + (int) b.getHeight(), "the X screen");
        }
    }

    @Test
    @Order(2)
    void theMainWindowOpensInsideTheScreenAndFillsWhatItCan() {
        assertInside("the workbench", stage);
        assertTrue(stage.getWidth() >= Math.min(1600, screen.getWidth()) - 1
                && stage.getHeight() >= Math.min(1000, screen.getHeight()) - 1, "sized to the screen: " + bounds(stage));
    }

    @Test
    @Order(3)
    void everyToolbarActionIsReachableWithTheMouse() {
        ToolBar bar = ROBOT.lookup(".lab-toolbar").queryAs(ToolBar.class);
        Node overflow = bar.lookup(".tool-bar-overflow-button");
        boolean overflowing = overflow != null && overflow.isVisible();
        // the first step by mouse, then Undo by mouse (through the overflow menu where the window is narrow)
        ROBOT.clickOn("#next-step");
        waitFor("step 1 played", () -> workbench.viewModel().playback().scenarioStepsPlayed() == 1);
        if (overflowing) {
            ROBOT.clickOn(overflow);
            WaitForAsyncUtils.waitForFxEvents();
        }
        List<String> unreachable = new ArrayList<>();
        for (Node item : bar.getItems()) {
            if (!(item instanceof Separator) && !shown(item)) {
                unreachable.add(describe(item));
            }
        }
        assertEquals(List.of(), unreachable, "toolbar items neither on the bar nor in its overflow menu");
        ROBOT.clickOn("#undo");
        waitFor("step 1 undone", () -> workbench.viewModel().playback().scenarioStepsPlayed() == 0);
        if (screen.getWidth() < 1280) {
            assertTrue(overflowing, "at " + screen.getWidth() + " px the last actions are in the overflow menu");
        }
    }

    @Test
    @Order(4)
    void everySideTabIsReachableAndItsTitleReadable() {
        TabPane tabs = ROBOT.lookup("#side-tabs").queryAs(TabPane.class);
        for (Node header : tabs.lookupAll(".tab")) {
            Labeled label = (Labeled) header.lookup(".tab-label");
            ROBOT.clickOn(header);
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(label.getText(), tabs.getSelectionModel().getSelectedItem().getText(), "clicked tab selected");
            assertTrue(shown(header), label.getText() + " tab inside the window");
            assertEquals(label.getText(), drawn(label), "tab title cut");
            List<String> cut = cutLabels(stage);
            if (!wide()) {
                // at 1024 x 768 the walkthrough panel must read whole; elsewhere a tooltip may carry the text
                cut = label.getText().equals("Walkthrough") ? cut.stream().filter(c -> c.contains("#side-tabs"))
                        .toList() : List.of();
            }
            assertEquals(List.of(), cut, "cut labels with the " + label.getText() + " tab shown");
        }
        ROBOT.clickOn(tabs.lookupAll(".tab").iterator().next());
    }

    @Test
    @Order(5)
    void noLabelIsCutAfterTheScenarioPlays() {
        if (!wide()) {
            return; // at 1024 x 768 labels may give way to their tooltips; tabs and walkthrough are checked above
        }
        assertEquals(List.of(), cutLabels(stage), "cut labels on the fresh lab");
        ROBOT.clickOn("#play-scenario");
        waitFor("the scenario played", () -> workbench.viewModel().playback().scenarioStepsPlayed()
                == workbench.viewModel().playback().scenarioStepCount());
        assertEquals(List.of(), cutLabels(stage), "cut labels after the article's steps");
    }

    @Test
    @Order(6)
    void thePlanWindowOpensInsideTheScreen() throws Exception {
        Stage plan = RealDisplay.openByShortcut("candidate platforms", KeyCode.CONTROL, KeyCode.L);
        try {
            assertInside("the Plan window", plan);
            if (wide()) {
                assertEquals(List.of(), cutLabels(plan), "cut labels in the Plan window");
            }
        } finally {
            RealDisplay.closeWindow("the Plan window", plan);
        }
    }

    @Test
    @Order(7)
    void theDiscardQuestionOpensInsideTheScreen() throws Exception {
        ROBOT.clickOn("#next-step");
        waitFor("a step in the history", () -> !workbench.viewModel().history().timeline().isEmpty());
        // File → Open built-in scenario → article, as its menu item does (the question is modal: run it later)
        javafx.application.Platform.runLater(() -> workbench.viewModel().files().open("article"));
        Window dialog = waitForWindow(w -> w != stage && w instanceof Stage && w.getScene() != null
                && w.getScene().getRoot().lookup(".dialog-pane") instanceof DialogPane);
        assertInside("the discard question", dialog);
        ROBOT.clickOn("Keep my lab");
        waitFor("the question closed", () -> !dialog.isShowing());
        assertFalse(workbench.viewModel().history().timeline().isEmpty(), "the lab was kept");
    }

    @Test
    @Order(8)
    void presentationModeFillsTheScreenWithTheSidePanelAndNoHintStrip() {
        ROBOT.push(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.F);
        waitFor("presentation mode", () -> workbench.view().presentation());
        WaitForAsyncUtils.waitForFxEvents();
        Rectangle2D whole = Screen.getPrimary().getBounds();
        waitFor("the window covers the screen", () -> Math.abs(stage.getWidth() - whole.getWidth()) < 2
                && Math.abs(stage.getHeight() - whole.getHeight()) < 2);
        Node side = ROBOT.lookup("#side-tabs").query();
        assertTrue(shown(side) && side.getLayoutBounds().getWidth() >= 250, "the side panel is kept: "
                + side.getLayoutBounds());
        assertTrue(ROBOT.lookup(".key-hints").queryAll().stream().noneMatch(n -> n.isVisible()
                && n.getLayoutBounds().getHeight() > 0), "no shortcut hint strip");
        workbench.view().showTab("Walkthrough");
        WaitForAsyncUtils.waitForFxEvents();
        List<String> cut = cutLabels(stage);
        if (!wide()) {
            cut = cut.stream().filter(c -> c.contains("#side-tabs")).toList();
        }
        assertEquals(List.of(), cut, "cut labels in presentation mode");
        ROBOT.push(KeyCode.ESCAPE);
        waitFor("Esc leaves presentation mode", () -> !stage.isFullScreen() && !workbench.view().presentation());
        waitFor("the window back at its size", () -> stage.getWidth() < whole.getWidth() || whole.getWidth() <= 1600);
        assertInside("the workbench after presentation mode", stage);
    }

    @Test
    @Order(9)
    void aClickedEventReadsWholeUnderTheEventsTable() {
        // the table cuts REASON, OBJECT and MESSAGE at 1024 and 1280 px: a clicked row reads whole under it
        @SuppressWarnings("unchecked")
        javafx.scene.control.TableView<io.gpulab.engine.api.LabEvent> table = ROBOT.lookup("#events").queryAs(
                javafx.scene.control.TableView.class);
        if (!table.isVisible()) {
            ROBOT.clickOn("#events-toggle"); // short windows start with the drawer closed
        }
        waitFor("the events table shown", () -> table.isVisible() && table.getHeight() > 0
                && !table.getItems().isEmpty());
        AtomicReference<Node> row = new AtomicReference<>();
        ROBOT.interact(() -> {
            Node flow = table.lookup(".virtual-flow");
            Bounds view = flow.localToScene(flow.getLayoutBounds());
            for (Node n : table.lookupAll(".table-row-cell")) {
                var r = (javafx.scene.control.IndexedCell<?>) n;
                Bounds b = r.localToScene(r.getLayoutBounds());
                if (r.isVisible() && !r.isEmpty() && r.getItem() != null && b.getMinY() >= view.getMinY() - 1
                        && b.getMaxY() <= view.getMaxY() + 1 && (row.get() == null
                        || r.getIndex() > ((javafx.scene.control.IndexedCell<?>) row.get()).getIndex())) {
                    row.set(r);
                }
            }
        });
        assertNotNull(row.get(), "a row drawn whole in the events table");
        ROBOT.clickOn(row.get());
        waitFor("the clicked event shown under the table", () -> table.getSelectionModel().getSelectedItem() != null
                && ROBOT.lookup("#events-selected").query().isVisible());
        var detail = ROBOT.lookup("#events-selected").queryAs(io.gpulab.app.gui.view.WordWrapLabel.class);
        AtomicReference<String[]> texts = new AtomicReference<>();
        ROBOT.interact(() -> {
            var e = table.getSelectionModel().getSelectedItem();
            texts.set(new String[] {detail.getFullText(), drawn(detail), e.reason(), e.object(), e.message()});
        });
        String[] t = texts.get();
        assertEquals(t[0].replaceAll("\\s+", " ").strip(), t[1].replaceAll("\\s+", " ").strip(),
                "the clicked event drawn whole");
        assertTrue(t[0].contains(t[2] + " · " + t[3]) && t[0].endsWith(": " + t[4]), "the clicked row's event: " + t[0]);
        assertTrue(shown(detail), "the clicked event inside the window");
        assertInside("the workbench with an event shown", stage);
    }

    // ---- helpers ----

    private static void assertInside(String what, Window w) {
        Rectangle2D b = bounds(w);
        assertTrue(WindowFit.inside(screen, b), what + " at " + b + " is not inside the screen's " + screen);
    }

    private static Rectangle2D bounds(Window w) {
        return new Rectangle2D(w.getX(), w.getY(), w.getWidth(), w.getHeight());
    }

    /**
     * Every visible Labeled of the window whose drawn text differs from its text (an ellipsis, a cut), or that
     * runs past the window's edge, unless its tooltip carries the text.
     */
    private static List<String> cutLabels(Window w) {
        WaitForAsyncUtils.waitForFxEvents();
        List<String> out = new ArrayList<>();
        ROBOT.interact(() -> collect(w.getScene().getRoot(), w, false, out));
        return out;
    }

    private static void collect(Node n, Window w, boolean scrolled, List<String> out) {
        if (!n.isVisible() || n.getOpacity() == 0) {
            return;
        }
        if (n instanceof Labeled l && l.getText() != null && !l.getText().isBlank() && !tooltipCarries(l)) {
            String drawn = drawn(l);
            Bounds b = l.localToScene(l.getLayoutBounds());
            boolean past = !scrolled && (b.getMaxX() > w.getScene().getWidth() + 1
                    || b.getMaxY() > w.getScene().getHeight() + 1);
            if (!l.getText().equals(drawn) || past) {
                out.add(describe(l) + " '" + l.getText() + "' drawn as '" + drawn + "'" + (past ? " past the edge" : ""));
            }
        }
        if (n instanceof Parent p) {
            boolean inScroll = scrolled || n instanceof ScrollPane
                    || n.getClass().getSimpleName().equals("VirtualFlow");
            for (Node c : p.getChildrenUnmodifiable()) {
                collect(c, w, inScroll, out);
            }
        }
    }

    private static boolean tooltipCarries(Labeled l) {
        if (Boolean.TRUE.equals(l.getProperties().get(Texts.FULL_TEXT_ON_HOVER))) {
            return true;
        }
        return l.getTooltip() != null && l.getTooltip().getText() != null
                && l.getTooltip().getText().contains(l.getText().strip());
    }

    /** The text a Labeled draws (after any "…"), its lines joined as they were split. */
    private static String drawn(Labeled l) {
        StringBuilder s = new StringBuilder();
        for (Node c : l.getChildrenUnmodifiable()) {
            if (c instanceof Text t && c.getStyleClass().contains("text")) {
                s.append(t.getText());
            }
        }
        return s.length() == 0 ? l.getText() : s.toString();
    }

    private static String describe(Node n) {
        StringBuilder path = new StringBuilder();
        for (Node p = n; p != null; p = p.getParent()) {
            if (p.getId() != null) {
                path.insert(0, "#" + p.getId() + " ");
            }
        }
        return path + n.getClass().getSimpleName() + (n.getStyleClass().isEmpty() ? "" : "." + n.getStyleClass());
    }
}
