package io.gpulab.app.fuzz;

import static io.gpulab.app.fuzz.GuiHistory.OPENABLE;
import static io.gpulab.app.fuzz.GuiHistory.WALKTHROUGHS;
import static io.gpulab.app.fuzz.GuiHistory.browse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.fuzz.GuiHistory.Act;
import io.gpulab.app.fuzz.GuiHistory.History;
import io.gpulab.app.fuzz.GuiHistory.Move;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.view.ConfirmDiscardDialog;
import io.gpulab.app.gui.view.FileDialog;
import io.gpulab.app.gui.view.FxTestSupport;
import io.gpulab.app.gui.vm.WorkbenchViewModel;
import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.RecordedScenario;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.input.KeyCode;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Export equivalence ({@link ExportEquivalenceTest}) with the user's hands: each action is a click of the robot's
 * mouse on the workbench's real controls, the menus (File, Lab, Faults, Walkthroughs), the toolbar's buttons, the
 * tenant header's switch and policy list, the walkthrough panel's Back and Next, and the "Discard your actions?"
 * dialog; what the menus' offer logic shows (which item, worded how, for which tenant, node and card) is read from the
 * built menu, not mirrored. Only the desktop's own file dialogs are answered by the test (drawn outside JavaFX, no
 * JavaFX robot can click them): it picks the dumps of File → Open snapshot and the file of Save and Open, as a user
 * would. A click-driven try takes several times a command-driven one, so CI runs a tour (every clicked action once, in
 * an order drawn from the seed) and 12 random tries from a fixed seed (run alone,
 * {@code -Dgpulab.fuzz.tries=N -Dgpulab.fuzz.seed=S} as for the other properties; docs/workbench.md).
 */
@ExtendWith(ApplicationExtension.class)
class ClickedExportEquivalenceTest {

    /** The actions done by clicks; the others (drops, forms, lab editor...) are the command-driven property's. */
    static final List<Move> CLICKED = List.of(Move.NEXT, Move.NEXT2, Move.PLAY, Move.STEP_30S, Move.PLUS_5M,
            Move.UNLOCK, Move.KONNECTIVITY, Move.CARD_HEALTH, Move.PLUGIN, Move.KUBELET, Move.LIFECYCLE, Move.POLICY,
            Move.UNDO, Move.REDO, Move.RESET, Move.OPEN, Move.OPEN_SNAPSHOT, Move.WALKTHROUGH, Move.WALKTHROUGH_TEXT,
            Move.SAVE_REOPEN, Move.DROP);

    @TempDir
    static Path dir;
    private Stage stage;
    /** The files the user picks in the next file dialogs, in order; none left: the dialog is cancelled. */
    private final Deque<List<File>> picks = new ArrayDeque<>();
    /** The titles of the file dialogs the workbench showed, in order. */
    private final List<String> asked = new ArrayList<>();

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void theReportOfAClickedHistorySaysWhatGpulabRunOfItsAttachedScenarioSays(FxRobot robot) {
        ExportEquivalence property = new ExportEquivalence(dir);
        if (!SeededCases.replaying()) {
            // first a tour: every clicked action once, in an order drawn from the seed, so each is clicked whatever
            // the few random tries draw
            List<Move> order = new ArrayList<>(CLICKED);
            java.util.Collections.shuffle(order, new java.util.Random(41L));
            SplittableRandom r = new SplittableRandom(41L);
            History tour = new History("article", order.stream().map(m -> new Act(m, r.nextInt(25), r.nextInt(25)))
                    .toList(), true);
            ShrinkingProperty.checkChosen("clicked export equivalence, a tour of every clicked action", tour,
                    History::simpler, h -> holds(robot, property, h));
        }
        ShrinkingProperty.check("clicked export equivalence", 12, 41L, r -> History.draw(r, CLICKED),
                History::simpler, h -> holds(robot, property, h));
        property.assertReached(List.of("PASS", "NOT RUN", "own actions between steps", "a snapshot opened",
                "a saved history reopened"), CLICKED);
    }

    private void holds(FxRobot robot, ExportEquivalence property, History h) throws Exception {
        Workbench w = FxTestSupport.showAt(robot, stage, h.scenario(), 1600, 1000, false);
        robot.interact(() -> {
            w.viewModel().files().setDiscardGate(new ConfirmDiscardDialog(stage));
            w.view().actions().setFileDialog(this::answer);
        });
        picks.clear();
        try {
            property.play(h, w.viewModel(), w.walkthroughs(), (vm, wvm, act) -> click(robot, w, property, act));
        } finally {
            robot.interact(() -> w.viewModel().close());
        }
    }

    private List<File> answer(FileChooser chooser, FileDialog.Mode mode, Window owner) {
        asked.add(chooser.getTitle());
        return picks.poll();
    }

    private void click(FxRobot robot, Workbench w, ExportEquivalence property, Act act) throws Exception {
        WorkbenchViewModel vm = w.viewModel();
        LabSnapshot s = vm.snapshot();
        TenantView t = s.tenants().get(act.a() % s.tenants().size());
        Optional<NodeView> node = t.nodes().stream().findFirst();
        // half the toolbar's buttons, half the Lab menu's items: both are the user's ways
        boolean bar = (act.a() + act.b()) % 2 == 0;
        switch (act.move()) {
            case NEXT -> control(robot, bar, "next-step", "Lab", "Play next scenario step");
            case NEXT2 -> {
                control(robot, bar, "next-step", "Lab", "Play next scenario step");
                control(robot, bar, "next-step", "Lab", "Play next scenario step");
            }
            case PLAY -> control(robot, bar, "play-scenario", "Lab", "Play scenario");
            case STEP_30S -> control(robot, bar, "step-30s", "Lab", "Step 30 s");
            case PLUS_5M -> control(robot, bar, "advance-5m", "Lab", "Advance 5 min");
            case UNLOCK -> control(robot, bar, "unlock", "Lab", "Unlock node");
            case UNDO -> control(robot, bar, "undo", "Lab", "Undo last action");
            case REDO -> control(robot, bar, "redo", "Lab", "Redo");
            case RESET -> control(robot, bar, "reset", "Lab", "Reset lab");
            case KONNECTIVITY -> {
                if (bar) {
                    clickIfShown(robot, "#konnectivity-" + t.name());
                } else {
                    menu(robot, "Faults", x -> x.endsWith("Konnectivity agents of " + t.name()));
                }
            }
            case POLICY -> {
                String other = "Ignore".equals(t.webhookFailurePolicy()) ? "Fail" : "Ignore";
                if (bar && robot.lookup("#policy-" + t.name()).tryQuery().isPresent()) {
                    // the tenant header's list, then the other policy in it
                    robot.clickOn("#policy-" + t.name());
                    WaitForAsyncUtils.waitForFxEvents();
                    clickItem(robot, other);
                } else {
                    menu(robot, "Faults", x -> x.startsWith("Set webhook failurePolicy of " + t.name() + " to "));
                }
            }
            // the items the menu offers for this tenant's first worker and card, whatever they now say
            case KUBELET -> node.ifPresent(n -> menu(robot, "Faults", x -> x.endsWith(" kubelet of " + n.name())));
            case PLUGIN -> node.ifPresent(n -> menu(robot, "Faults", x -> x.equals("Restart device plugin on "
                    + n.name())));
            case CARD_HEALTH -> node.ifPresent(n -> n.cards().stream().findFirst().ifPresent((CardView c) ->
                    menu(robot, "Faults", x -> x.startsWith("Mark " + c.id() + " on " + n.name() + " "))));
            case LIFECYCLE -> {
                String to = "article".equals(s.lifecycle()) ? "complete" : "article";
                if (bar) {
                    clickIfShown(robot, "#lifecycle-" + to);
                } else {
                    menu(robot, "Faults", x -> x.startsWith("Switch the device plugin's lifecycle to "));
                }
            }
            case OPEN -> {
                menu(robot, "File", "Open built-in scenario", OPENABLE.get(act.a() % OPENABLE.size()));
                discard(robot);
            }
            case OPEN_SNAPSHOT -> {
                picks.add(property.dumps(act).stream().map(Path::toFile).toList());
                menu(robot, "File", "Open snapshot…");
                discard(robot);
                assertEquals("Open snapshot (scenario or kubectl dumps)", asked.get(asked.size() - 1));
                property.countSnapshot(vm);
            }
            case SAVE_REOPEN -> {
                File saved = property.saved(act).toFile();
                picks.add(List.of(saved));
                menu(robot, "File", "Save scenario…");
                RecordedScenario before = vm.recording();
                picks.add(List.of(saved));
                menu(robot, "File", "Open scenario…");
                discard(robot);
                assertEquals(List.of("Save scenario", "Open scenario"), asked.subList(asked.size() - 2, asked.size()));
                assertEquals(before.name(), vm.recording().name(), "the saved history reopened is the lab's");
                property.reached.merge("a saved history reopened", 1, Integer::sum);
            }
            case WALKTHROUGH -> {
                menu(robot, "Walkthroughs", WALKTHROUGHS.get(act.a() % WALKTHROUGHS.size()).title());
                discard(robot);
            }
            case DROP -> {
                // a palette template dragged onto the tenant's header
                String template = io.gpulab.app.gui.vm.PodTemplate.builtIns().get(act.b()
                        % io.gpulab.app.gui.vm.PodTemplate.builtIns().size()).id();
                if (onScreen(robot, "#palette-" + template) && onScreen(robot, "#tenant-header-" + t.name())) {
                    FxTestSupport.dragPod(robot, template, "tenant-header-" + t.name());
                }
            }
            case WALKTHROUGH_TEXT -> {
                // Back and Next move through the text, never the lab
                robot.interact(() -> w.view().showTab("Walkthrough"));
                RecordedScenario before = vm.recording();
                for (char c : browse(act.a(), act.b()).toCharArray()) {
                    clickIfShown(robot, c == 'N' ? "#walkthrough-next" : "#walkthrough-back");
                }
                assertEquals(before, vm.recording(), "Back / Next in the walkthrough panel changed the lab");
            }
            default -> new CommandHands(property).act(vm, w.walkthroughs(), act);
        }
    }

    /** A toolbar button (by id; in the overflow it is not shown, so the menu's item is clicked) or the menu's item. */
    private static void control(FxRobot robot, boolean bar, String id, String menu, String item) {
        if (bar && robot.lookup("#" + id).tryQuery().filter(Node::isVisible).isPresent()) {
            clickIfShown(robot, "#" + id);
        } else {
            menu(robot, menu, item);
        }
    }

    /** Whether the node is shown inside the window (a palette item below the fold is not, until scrolled to). */
    private static boolean onScreen(FxRobot robot, String query) {
        return robot.lookup(query).tryQuery().filter(n -> n.isVisible() && n.getScene() != null).map(n -> {
            javafx.geometry.Bounds b = n.localToScene(n.getBoundsInLocal());
            return b.getMinY() >= 0 && b.getMaxY() <= n.getScene().getHeight() && b.getMinX() >= 0
                    && b.getMaxX() <= n.getScene().getWidth();
        }).orElse(false);
    }

    /** Clicks the node when it is on screen and enabled (a disabled button does nothing, for the user too). */
    private static void clickIfShown(FxRobot robot, String query) {
        Optional<Node> n = robot.lookup(query).tryQuery();
        if (n.isPresent() && n.get().isVisible() && !n.get().isDisabled()) {
            robot.clickOn(n.get());
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    /** Opens the menu bar's menu, then clicks each item of the path (by its text) in the menus it opens. */
    private static void menu(FxRobot robot, String top, String... path) {
        List<Predicate<String>> items = new ArrayList<>();
        for (String p : path) {
            items.add(p::equals);
        }
        menuPath(robot, top, items);
    }

    /** Opens the menu bar's menu and clicks the first item whose text {@code item} accepts. */
    private static void menu(FxRobot robot, String top, Predicate<String> item) {
        menuPath(robot, top, List.of(item));
    }

    private static void menuPath(FxRobot robot, String top, List<Predicate<String>> path) {
        WaitForAsyncUtils.waitForFxEvents();
        Node bar = robot.lookup(".menu-bar").query();
        Node button = robot.from(bar).lookup((Node n) -> n instanceof Labeled l && top.equals(l.getText())).query();
        robot.clickOn(button);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.geometry.Point2D parent = null;
        for (int i = 0; i < path.size(); i++) {
            Optional<Node> item = shownItem(robot, path.get(i));
            if (item.isEmpty() || item.get().isDisabled()) {
                // the lab offers no such item now (a tenant without workers): close the menu, nothing was done
                robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
                robot.press(KeyCode.ESCAPE).release(KeyCode.ESCAPE);
                WaitForAsyncUtils.waitForFxEvents();
                return;
            }
            javafx.geometry.Bounds b = item.get().localToScreen(item.get().getBoundsInLocal());
            if (parent != null) {
                // into a submenu sideways, along its parent's row, as a hand does: a slant over the parent menu's
                // other rows closes the submenu
                robot.moveTo(new javafx.geometry.Point2D(b.getMinX() + 8, parent.getY()));
            }
            if (i < path.size() - 1) {
                // a submenu opens under the pointer
                robot.moveTo(item.get());
                parent = new javafx.geometry.Point2D(b.getCenterX(), b.getCenterY());
                Predicate<String> next = path.get(i + 1);
                try {
                    WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shownItem(robot, next).isPresent());
                } catch (TimeoutException e) {
                    // the lookup below says it is missing
                }
            } else {
                robot.clickOn(item.get());
            }
            WaitForAsyncUtils.waitForFxEvents();
        }
    }

    /** The item of a shown menu whose text {@code text} accepts. */
    private static Optional<Node> shownItem(FxRobot robot, Predicate<String> text) {
        return robot.lookup(".menu-item").match((Node n) -> n.getScene() != null && n.isVisible()
                && labelOf(n) != null && text.test(labelOf(n))).tryQuery();
    }

    /** The item of an open list (a ChoiceBox's) with this text. */
    private static void clickItem(FxRobot robot, String text) {
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> shownItem(robot, text::equals).isPresent());
        } catch (TimeoutException e) {
            throw new AssertionError("the list shows no " + text, e);
        }
        robot.clickOn(shownItem(robot, text::equals).orElseThrow());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String labelOf(Node menuItem) {
        return menuItem.lookupAll(".label").stream().filter(l -> l instanceof Labeled).map(l -> ((Labeled) l)
                .getText()).findFirst().orElse(null);
    }

    /** "Discard your actions?" when opening throws actions away: the user discards them. */
    private static void discard(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        Optional<Node> button = robot.lookup(".dialog-pane .button").match((Node n) -> n instanceof Labeled l
                && "Discard and continue".equals(l.getText())).tryQuery();
        if (button.isPresent()) {
            robot.clickOn(button.get());
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(robot.lookup(".dialog-pane").tryQuery().isEmpty(), "the dialog closed");
        }
    }
}
