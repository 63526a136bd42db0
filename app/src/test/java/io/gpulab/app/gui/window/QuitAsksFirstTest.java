package io.gpulab.app.gui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.WorkbenchApp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.event.Event;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Quit (Ctrl+Q) and the window's close button ended the workbench at once, throwing away a lab's unsaved actions that
 * File → Open asks about first. Both now ask the same question; keeping the lab keeps the window open.
 */
@ExtendWith(ApplicationExtension.class)
class QuitAsksFirstTest {

    private final FxRobot robot = new FxRobot();
    private final List<String> asked = new ArrayList<>();
    private Stage stage;
    private Workbench workbench;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @BeforeEach
    void open() throws Exception {
        EngineLabOpener opener = EngineLabOpener.sim();
        var lab = opener.open("article");
        AtomicReference<Workbench> w = new AtomicReference<>();
        robot.interact(() -> w.set(WorkbenchApp.show(stage, lab, opener, "article", WindowMemory.NONE)));
        workbench = w.get();
        // the user answers "Keep my lab"
        robot.interact(() -> workbench.viewModel().files().setDiscardGate((action, lost) -> asked.add(action + ": "
                + lost) && false));
        robot.interact(() -> workbench.viewModel().playback().playNextScenarioStep());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> workbench.viewModel().history().timeline().size() == 1);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() {
        robot.interact(() -> workbench.viewModel().close());
    }

    @Test
    void closingTheWindowWithAnUnsavedActionAsksAndKeepingTheLabKeepsTheWindow() {
        robot.interact(() -> Event.fireEvent(stage, new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("Close the workbench: 1 action on article (save them first with File → Save scenario)"),
                asked);
        assertTrue(stage.isShowing(), "the window stays open with the lab");
    }

    @Test
    void quitWithAnUnsavedActionAsksAndKeepingTheLabKeepsTheWorkbenchRunning() {
        MenuItem quit = ((MenuBar) stage.getScene().lookup(".menu-bar")).getMenus().get(0).getItems().stream()
                .filter(i -> "Quit".equals(i.getText())).findFirst().orElseThrow();
        robot.interact(quit::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("Quit gpulab: 1 action on article (save them first with File → Save scenario)"), asked);
        AtomicBoolean alive = new AtomicBoolean();
        robot.interact(() -> alive.set(stage.isShowing()));
        assertTrue(alive.get(), "the workbench still runs with the lab");
    }
}
