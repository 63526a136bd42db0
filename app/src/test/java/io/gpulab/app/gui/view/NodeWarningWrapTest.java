package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import java.util.List;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A worker's warning says what a fault does: at 1024x768 "kubelet down since ... (fault): it posts no node status
 * and..." was cut in the worker's box. It wraps, every word drawn.
 */
@ExtendWith(ApplicationExtension.class)
class NodeWarningWrapTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "article", 1024, 768, false);
    }

    @Test
    void aStoppedKubeletsWarningIsDrawnWholeAt1024x768(FxRobot robot) {
        robot.interact(() -> workbench.viewModel().faults().setKubelet("tenant-a", "tenant-a-worker", false));
        WaitForAsyncUtils.waitForFxEvents();
        List<WordWrapLabel> warnings = robot.lookup(".node-warning").queryAllAs(WordWrapLabel.class).stream().toList();
        assertEquals(1, warnings.size(), "one worker warns");
        WordWrapLabel w = warnings.get(0);
        assertTrue(w.getFullText().startsWith("⚠ kubelet down since ") && w.getFullText().endsWith(
                "it posts no node status and starts no pod"), w.getFullText());
        String[] drawn = new String[1];
        robot.interact(() -> drawn[0] = FxTestSupport.drawn(w));
        assertEquals(w.getFullText().replaceAll("\\s+", ""), drawn[0].replaceAll("\\s+", ""),
                "every word drawn, none cut");
    }
}
