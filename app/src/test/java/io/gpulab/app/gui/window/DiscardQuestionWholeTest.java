package io.gpulab.app.gui.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.gpulab.app.gui.view.ConfirmDiscardDialog;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The "Discard your actions?" question after a played lock-lifecycle read "This throws away 9 actions on
 * lock-lifecycle (save the…" in the real window: what would be lost, and how to keep it, was cut with nothing on
 * hover. The question is read whole before anyone answers it.
 */
@ExtendWith(ApplicationExtension.class)
class DiscardQuestionWholeTest {

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
    }

    @Test
    void theQuestionIsDrawnWhole() throws Exception {
        FxRobot robot = new FxRobot();
        // the workbench's own window owns the question: its style sheets are the dialog's
        io.gpulab.app.gui.EngineLabOpener opener = io.gpulab.app.gui.EngineLabOpener.sim();
        var lab = opener.open("lock-lifecycle");
        AtomicReference<io.gpulab.app.gui.Workbench> workbench = new AtomicReference<>();
        robot.interact(() -> workbench.set(io.gpulab.app.gui.WorkbenchApp.show(owner, lab, opener, "lock-lifecycle",
                WindowMemory.NONE)));
        AtomicBoolean answer = new AtomicBoolean(true);
        Platform.runLater(() -> answer.set(new ConfirmDiscardDialog(owner).allow("Open article",
                "9 actions on lock-lifecycle (save them first with File → Save scenario)")));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> pane() != null);
        WaitForAsyncUtils.waitForFxEvents();
        AtomicReference<String> text = new AtomicReference<>();
        AtomicReference<String> drawn = new AtomicReference<>();
        robot.interact(() -> {
            Label content = (Label) pane().lookup(".content");
            text.set(content.getText());
            StringBuilder s = new StringBuilder();
            for (Node c : content.getChildrenUnmodifiable()) {
                if (c instanceof Text t) {
                    s.append(t.getText());
                }
            }
            drawn.set(s.toString());
        });
        try {
            assertEquals(text.get(), drawn.get(), "the question drawn whole");
        } finally {
            robot.interact(() -> pane().getButtonTypes().stream().filter(b -> b.getText().equals("Keep my lab"))
                    .findFirst().map(b -> (Button) pane().lookupButton(b)).ifPresent(Button::fire));
            WaitForAsyncUtils.waitForFxEvents();
        }
        assertFalse(answer.get(), "Keep my lab keeps the lab");
        robot.interact(() -> workbench.get().viewModel().close());
    }

    private static DialogPane pane() {
        for (Window w : Window.getWindows()) {
            if (w.getScene() != null && w.getScene().getRoot() instanceof DialogPane p) {
                return p;
            }
        }
        return null;
    }
}
