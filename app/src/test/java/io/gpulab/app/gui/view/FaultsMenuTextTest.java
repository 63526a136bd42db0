package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.app.gui.Workbench;
import java.util.List;
import javafx.event.Event;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Faults menu's last item is an action, worded as one: it read "Device plugin lifecycle: article" while the
 * toolbar showed the lab's lifecycle as complete, a statement about the lab that was false whenever it was shown.
 */
@ExtendWith(ApplicationExtension.class)
class FaultsMenuTextTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "article", 1280, 720, false);
    }

    private static List<String> items(FxRobot robot) {
        MenuBar bar = robot.lookup(".menu-bar").queryAs(MenuBar.class);
        Menu f = bar.getMenus().stream().filter(m -> "Faults".equals(m.getText())).findFirst().orElseThrow();
        robot.interact(() -> f.getOnShowing().handle(new Event(Menu.ON_SHOWING)));
        return f.getItems().stream().map(MenuItem::getText).filter(t -> t != null && t.contains("lifecycle"))
                .toList();
    }

    @Test
    void theLifecycleItemSaysWhatItDoesAndWhatTheLabHasNow(FxRobot robot) {
        assertEquals("complete", workbench.viewModel().snapshot().lifecycle());
        assertEquals(List.of("Switch the device plugin's lifecycle to article (now complete)"), items(robot));
        robot.clickOn("#lifecycle-article");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("article", workbench.viewModel().snapshot().lifecycle());
        assertEquals(List.of("Switch the device plugin's lifecycle to complete (now article)"), items(robot));
    }
}
