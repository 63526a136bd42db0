package io.gpulab.app.gui.view;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.fx.CurrentThreadTaskExecutor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import javafx.scene.control.Labeled;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Shared set-up for the headless TestFX tests (toolkit started by TestFX, never Platform.startup). */
public final class FxTestSupport {

    private FxTestSupport() {
    }

    /** The workbench on a fresh simulated article lab, engine calls on the FX thread for determinism. */
    static Workbench show(Stage stage) throws Exception {
        return show(stage, "article", 1600, 1000, false);
    }

    /** The workbench on a fresh simulated lab in a window of this size. */
    public static Workbench show(Stage stage, String scenario, double width, double height, boolean dark)
            throws Exception {
        resetMonocleDragState();
        EngineLabOpener opener = EngineLabOpener.sim();
        Workbench w = new Workbench(opener.open(scenario), opener, new CurrentThreadTaskExecutor());
        stage.setScene(w.scene(width, height, dark));
        // a stage reused from an earlier test keeps its size unless told to fit the new scene
        stage.sizeToScene();
        stage.show();
        stage.toFront();
        return w;
    }

    /** The article workbench at 1600x1000, opened on the FX thread; a failure to open fails the test. */
    static Workbench showAt(FxRobot robot, Stage stage) {
        return showAt(robot, stage, "article", 1600, 1000, false);
    }

    /** The workbench on a fresh simulated lab at this size, opened on the FX thread; a failure to open fails the test. */
    public static Workbench showAt(FxRobot robot, Stage stage, String scenario, double width, double height,
                                   boolean dark) {
        Workbench[] shown = new Workbench[1];
        onFx(robot, () -> shown[0] = show(stage, scenario, width, height, dark));
        return shown[0];
    }

    /**
     * Monocle keeps a stale drag view after a non-platform drag in an earlier test, which breaks the
     * next platform drag-and-drop (Monocle with TestFX); clear it. No-op on a real display.
     */
    static void resetMonocleDragState() throws ReflectiveOperationException {
        if (!com.sun.glass.ui.Application.GetApplication().getClass().getName().contains(".monocle.")) {
            return;
        }
        Class<?> c = Class.forName("com.sun.glass.ui.monocle.MouseInput");
        Method gi = c.getDeclaredMethod("getInstance");
        gi.setAccessible(true);
        Field f = c.getDeclaredField("dragView");
        f.setAccessible(true);
        f.set(gi.invoke(null), null);
    }

    /** Drags a palette template onto the node with this id and waits for the UI to settle. */
    public static void dragPod(FxRobot robot, String template, String targetId) {
        // let a pending re-render (a scroll bar appearing re-lays the canvas) finish before the target is looked up
        WaitForAsyncUtils.waitForFxEvents();
        robot.drag("#palette-" + template).dropTo("#" + targetId);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Clicks the node with this id as a user would (the robot's mouse) and waits for the UI to settle. */
    public static void click(FxRobot robot, String id) {
        robot.clickOn("#" + id);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The text a label's skin draws (ellipsized when cut, wrapped lines included), after CSS and layout. */
    public static String drawn(Labeled l) {
        l.applyCss();
        l.layout();
        StringBuilder b = new StringBuilder();
        for (javafx.scene.Node n : l.getChildrenUnmodifiable()) {
            if (n instanceof javafx.scene.text.Text t) {
                b.append(t.getText());
            }
        }
        return b.toString();
    }

    /** Work on the FX thread that may throw (an export, a save). */
    interface FxWork {
        void run() throws Exception;
    }

    /** Runs {@code work} on the FX thread and waits; what it throws fails the test. */
    static void onFx(FxRobot robot, FxWork work) {
        robot.interact(() -> {
            try {
                work.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    static String text(FxRobot robot, String id) {
        return robot.lookup("#" + id).queryAs(Labeled.class).getText();
    }

    /** The label's whole text: a wrapped label's full text, not the lines it shows. */
    static String fullText(FxRobot robot, String id) {
        javafx.scene.control.Label l = robot.lookup("#" + id).queryAs(javafx.scene.control.Label.class);
        return l instanceof WordWrapLabel w ? w.getFullText() : l.getText();
    }

    /** Runs {@code r} on the FX thread, then waits for the layout and the events it caused. */
    static void act(FxRobot robot, Runnable r) {
        robot.interact(r);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Starts this walkthrough from the Walkthroughs menu's item, not the panel's title or picker, which show the same
     * words (a click on the picker opens its list over Back and Next), and checks the panel shows it.
     */
    static void beginFromMenu(FxRobot robot, io.gpulab.app.gui.walkthrough.Walkthrough w) {
        robot.clickOn("Walkthroughs");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node item = robot.lookup(".menu-item").match((javafx.scene.Node n) -> n.lookupAll(".label")
                .stream().anyMatch(l -> w.title().equals(((javafx.scene.control.Label) l).getText()))).query();
        robot.clickOn(item);
        WaitForAsyncUtils.waitForFxEvents();
        org.junit.jupiter.api.Assertions.assertEquals(w.title(), text(robot, "walkthrough-title"));
    }
}
