package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Design tab on a 1280x720 projector: no label, button, placeholder or field cut or pushed off the side. */
@ExtendWith(ApplicationExtension.class)
class LabEditorLayoutTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "article", 1280, 720, false);
        workbench.viewModel().playback().playScenarioSteps();
    }

    @Test
    void nothingInTheEditorIsCutAt1280(FxRobot robot) {
        robot.clickOn("Design");
        WaitForAsyncUtils.waitForFxEvents();
        Node editor = robot.lookup("#lab-editor").query();
        List<String> cut = new ArrayList<>();
        robot.interact(() -> {
            Bounds area = editor.localToScene(editor.getLayoutBounds());
            for (Labeled l : all(editor, Labeled.class)) {
                String shown = FxTestSupport.drawn(l);
                if (l.isVisible() && l.getText() != null && !l.getText().isEmpty() && !l.getText().equals(shown)) {
                    cut.add("'" + l.getText() + "' drawn as '" + shown + "'");
                }
            }
            for (TextField f : all(editor, TextField.class)) {
                String s = f.getText().isEmpty() ? f.getPromptText() : f.getText();
                if (s == null || s.isEmpty()) {
                    continue;
                }
                Text probe = new Text(s);
                probe.setFont(f.getFont());
                double room = f.getWidth() - f.snappedLeftInset() - f.snappedRightInset();
                if (probe.getLayoutBounds().getWidth() > room + 0.5) {
                    cut.add(f.getId() + " '" + s + "' needs " + Math.ceil(probe.getLayoutBounds().getWidth())
                            + " px, has " + Math.floor(room));
                }
            }
            for (Node n : all(editor, javafx.scene.control.Control.class)) {
                Bounds b = n.localToScene(n.getLayoutBounds());
                if (n.isVisible() && b.getMaxX() > area.getMaxX() + 0.5) {
                    cut.add(n.getId() + " " + n.getClass().getSimpleName() + " runs past the editor's right edge");
                }
            }
        });
        assertTrue(robot.lookup("#design-tenant-name").tryQuery().isPresent());
        assertEquals(List.of(), cut, "cut in the lab editor at 1280x720");
    }

    /** Every node of this type in the tree under {@code root}. */
    private static <T> List<T> all(Node root, Class<T> type) {
        List<T> out = new ArrayList<>();
        if (type.isInstance(root)) {
            out.add(type.cast(root));
        }
        if (root instanceof javafx.scene.Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                out.addAll(all(c, type));
            }
        }
        return out;
    }
}
