package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.Selection;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * At 1280x720 (a projector) no text of the window wraps inside a word: every word of every wrapping text
 * fits its line, so JavaFX never has to break one ("CardInsufficientMemo ry"); a word that cannot fit is
 * cut with "…" and the full text is on hover.
 */
@ExtendWith(ApplicationExtension.class)
class WordWrapTest {

    private Workbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = FxTestSupport.show(stage, "article", 1280, 720, false);
    }

    private static void collect(Node n, List<Labeled> out) {
        if (n instanceof Labeled l && l.isWrapText() && l.isVisible() && l.getText() != null
                && !l.getText().isBlank()) {
            out.add(l);
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, out));
        }
    }

    private static double width(String word, Font font) {
        Text t = new Text(word);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }

    /** Wrapping texts in the window with a word wider than their line. */
    private List<String> brokenWords(FxRobot robot) {
        List<String> broken = new ArrayList<>();
        robot.interact(() -> {
            List<Labeled> labels = new ArrayList<>();
            collect(workbench.view().getScene().getRoot(), labels);
            for (Labeled l : labels) {
                Bounds b = l.localToScene(l.getLayoutBounds());
                double room = l.getWidth() - l.snappedLeftInset() - l.snappedRightInset();
                if (b.getWidth() <= 0 || b.getMinY() > 720 || room <= 0) {
                    continue;
                }
                for (String word : l.getText().split("\\s+")) {
                    if (width(word, l.getFont()) > room + 0.5) {
                        broken.add(word + " in " + Math.round(room) + " px (" + l.getText() + ")");
                    }
                }
            }
        });
        return broken;
    }

    @Test
    void noTextOfTheWindowWrapsInsideAWord(FxRobot robot) {
        robot.interact(() -> workbench.viewModel().playback().playScenarioSteps());
        robot.interact(() -> workbench.viewModel().selectionProperty().set(
                Selection.pod("tenant-a", "default/gpu-pod-90g")));
        assertTrue(FxTestSupport.text(robot, "inspector-title").contains("gpu-pod-90g"));
        assertEquals(List.of(), brokenWords(robot), "pod inspector and trace");
        robot.interact(() -> workbench.viewModel().selectionProperty().set(
                Selection.node("tenant-a", "tenant-a-worker")));
        assertEquals(List.of(), brokenWords(robot), "node inspector");
        robot.interact(() -> workbench.viewModel().faults().setKonnectivity("tenant-a", false));
        assertEquals(List.of(), brokenWords(robot), "the tunnel's error under a broken Konnectivity");
    }

    @Test
    void aWordTooLongForItsLineIsCutWithTheFullTextKept(FxRobot robot) {
        WordWrapLabel l = new WordWrapLabel("");
        robot.interact(() -> {
            l.setFullText("reason: CardInsufficientMemoryForThisPodOnEveryCardOfTheWorker here");
            l.setFont(Font.font(12));
        });
        String shown = WordWrapLabel.fitWords(l.getFullText(), l.getFont(), 80);
        assertTrue(shown.startsWith("reason: Card") && shown.contains("…") && shown.endsWith(" here"), shown);
        for (String word : shown.split(" ")) {
            assertTrue(width(word, l.getFont()) <= 80, word);
        }
        assertTrue(l.getFullText().contains("CardInsufficientMemoryForThisPodOnEveryCardOfTheWorker"));
    }

    @Test
    void aKeyTooLongForItsLineBreaksAfterItsSeparatorsAndReadsWhole(FxRobot robot) {
        String key = "default:/06a36585-9a68-3e2d-b9cb-25ba2d5bb782/pods/default/gpu-pod-90g";
        Font font = Font.font(12);
        String[] shown = new String[1];
        robot.interact(() -> shown[0] = WordWrapLabel.fitWords(key, font, 150, true));
        assertTrue(shown[0].contains("\n") && !shown[0].contains("…"), shown[0]);
        assertEquals(key, shown[0].replace("\n", ""), "the key reads whole, line after line");
        for (String line : shown[0].split("\n")) {
            assertTrue(width(line.strip(), font) <= 150, line);
        }
        String[] lines = shown[0].split("\n");
        for (int i = 0; i < lines.length - 1; i++) {
            assertTrue("/:-.".indexOf(lines[i].charAt(lines[i].length() - 1)) >= 0,
                    "a line ends after a separator: " + lines[i]);
        }
    }
}
