package io.gpulab.app.gui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.app.gui.EngineLabOpener;
import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.WorkbenchApp;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's title names the lab on screen as the toolbar and the exports do: it kept "— article" after a lab
 * edit (the toolbar and the report said "article (edited)") and after another scenario was opened.
 */
@ExtendWith(ApplicationExtension.class)
class WindowTitleTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void theTitleSaysTheLabIsEditedAndNamesTheLabOpened() throws Exception {
        FxRobot robot = new FxRobot();
        EngineLabOpener opener = EngineLabOpener.sim();
        var lab = opener.open("article");
        AtomicReference<Workbench> w = new AtomicReference<>();
        robot.interact(() -> w.set(WorkbenchApp.show(stage, lab, opener, "article", WindowMemory.NONE)));
        try {
            assertEquals("GPU Tenancy Lab — article", stage.getTitle());
            robot.interact(() -> w.get().viewModel().editor().edit("add tenant tenant-c",
                    d -> d.addTenant("tenant-c")));
            waitFor(robot, () -> w.get().viewModel().snapshot().scenario().equals("article (edited)"));
            assertEquals("GPU Tenancy Lab — article (edited)", stage.getTitle(), "the toolbar's and the exports' name");
            robot.interact(() -> w.get().viewModel().history().undo());
            waitFor(robot, () -> w.get().viewModel().snapshot().scenario().equals("article"));
            assertEquals("GPU Tenancy Lab — article", stage.getTitle(), "the edit undone");
            robot.interact(() -> w.get().viewModel().files().open("lock-lifecycle"));
            waitFor(robot, () -> w.get().viewModel().snapshot().scenario().equals("lock-lifecycle"));
            assertEquals("GPU Tenancy Lab — lock-lifecycle", stage.getTitle(), "another lab opened");
        } finally {
            robot.interact(() -> w.get().viewModel().close());
        }
    }

    private static void waitFor(FxRobot robot, java.util.function.BooleanSupplier condition) throws Exception {
        WaitForAsyncUtils.waitFor(io.gpulab.engine.cluster.Await.BOUND.toSeconds(), TimeUnit.SECONDS, () -> {
            AtomicReference<Boolean> ok = new AtomicReference<>(false);
            robot.interact(() -> ok.set(condition.getAsBoolean()));
            return ok.get();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
