package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.Workbench;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A slide's inspector and trace, as laid out for slides of 1024x768, 1280x720 and 1920x1080 with every pod and a
 * worker of the played article lab selected: no scroll bar shows, every label shows its whole text (no "…"), the
 * trace's last line is on the slide, and where inspector sections give way a section title never stays without its
 * rows.
 */
@ExtendWith(ApplicationExtension.class)
class SlideSideTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private static boolean shown(Node n, Node root) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
            if (at == root) {
                return true;
            }
        }
        return true;
    }

    private static <T extends Node> List<T> all(Node n, Class<T> type, Node root) {
        List<T> out = new ArrayList<>();
        if (!shown(n, root)) {
            return out;
        }
        if (type.isInstance(n)) {
            out.add(type.cast(n));
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> out.addAll(all(c, type, root)));
        }
        return out;
    }

    /** What is wrong with the slide's side panel as laid out, in words; empty when nothing is. */
    private static List<String> problems(SlideSide side, double height, String where) {
        List<String> wrong = new ArrayList<>();
        VBox root = side.root();
        double room = height / side.type() + 0.5;
        for (ScrollBar b : all(root, ScrollBar.class, root)) {
            if (b.getWidth() > 0 && b.getHeight() > 0) {
                wrong.add(where + ": a scroll bar shows (" + b.getOrientation() + ")");
            }
        }
        for (Labeled l : all(root, Labeled.class, root)) {
            // a word-wrapping label's text is its full text with over-long words cut: compare with the full one
            String full = l instanceof WordWrapLabel w ? w.getFullText() : l.getText();
            if (full == null || full.isEmpty()) {
                continue;
            }
            String drawn = FxTestSupport.drawn(l);
            if (!drawn.replace("\n", " ").strip().equals(full.replace("\n", " ").strip())) {
                wrong.add(where + ": '" + full + "' is drawn as '" + drawn + "'");
            }
            Bounds b = root.sceneToLocal(l.localToScene(l.getLayoutBounds()));
            if (b.getMaxY() > room) {
                wrong.add(where + ": '" + l.getText() + "' ends at " + Math.round(b.getMaxY()) + " px, below the slide ("
                        + Math.round(room) + ")");
            }
        }
        Node steps = root.lookup("#trace-steps");
        if (steps instanceof Parent p && !p.getChildrenUnmodifiable().isEmpty()) {
            List<Labeled> last = all(p.getChildrenUnmodifiable().get(p.getChildrenUnmodifiable().size() - 1),
                    Labeled.class, root);
            if (last.isEmpty()) {
                wrong.add(where + ": the trace's last step is not shown");
            }
        }
        // a section title is followed by its rows, shown
        for (Labeled title : all(root, Labeled.class, root)) {
            if (!title.getStyleClass().contains("section-title")) {
                continue;
            }
            List<Node> sheet = title.getParent().getChildrenUnmodifiable();
            int i = sheet.indexOf(title);
            Node next = i + 1 < sheet.size() ? sheet.get(i + 1) : null;
            if (!(next instanceof GridPane g) || !shown(g, root) || g.getChildren().isEmpty()) {
                wrong.add(where + ": the section title '" + title.getText() + "' is shown without its rows");
            }
        }
        return wrong;
    }

    /**
     * A pod that runs nowhere: its slide says "Why it does not run", as the inspector does, and never "Why this node,
     * why this card" (HAMi's filter took no node: its section says why none fits).
     */
    private static List<String> pendingSaysWhy(Workbench wb, Selection s, SlideSide side, String where) {
        if (s.kind() != Selection.Kind.POD || wb.viewModel().snapshot().tenant(s.tenant()).flatMap(t -> t.pod(s.id()))
                .map(p -> "Running".equals(p.phase())).orElse(true)) {
            return List.of();
        }
        List<String> titles = all(side.root(), Labeled.class, side.root()).stream().filter(l -> l.getStyleClass()
                .contains("section-title")).map(Labeled::getText).toList();
        List<String> wrong = new ArrayList<>();
        if (titles.isEmpty() || !titles.get(0).equals("WHY IT DOES NOT RUN")) {
            wrong.add(where + ": the slide of a pending pod does not begin with why it does not run: " + titles);
        }
        if (titles.contains("WHY THIS NODE, WHY THIS CARD")) {
            wrong.add(where + ": the slide of a pod no node took says why this node: " + titles);
        }
        return wrong;
    }

    @Test
    void theSidePanelIsWholeAtEverySizeAndNoSectionTitleStandsAlone(FxRobot robot) {
        List<String> wrong = new ArrayList<>();
        int[] leftOut = new int[1];
        int[] checked = new int[1];
        int[] wider = new int[1];
        int[][] sizes = {{1024, 768}, {1280, 720}, {1920, 1080}};
        for (int[] size : sizes) {
            robot.interact(() -> {
                try {
                    Workbench wb = FxTestSupport.show(stage, "article", size[0], size[1], size[0] == 1280);
                    wb.viewModel().playback().playScenarioSteps(Integer.MAX_VALUE);
                    List<Selection> selections = new ArrayList<>();
                    for (TenantView t : wb.viewModel().snapshot().tenants()) {
                        for (PodView p : t.pods()) {
                            selections.add(Selection.pod(t.name(), p.key()));
                        }
                    }
                    selections.add(Selection.node("tenant-a", "tenant-a-worker"));
                    SplitPane split = (SplitPane) stage.getScene().getRoot().lookupAll(".split-pane").stream()
                            .filter(n -> n instanceof SplitPane s && s.getItems().stream()
                                    .anyMatch(InspectorView.class::isInstance)).findFirst().orElseThrow();
                    // as a slide lays it out: the height above a caption
                    double height = size[1] - 58;
                    for (Selection s : selections) {
                        wb.viewModel().selectionProperty().set(s);
                        stage.getScene().getRoot().applyCss();
                        stage.getScene().getRoot().layout();
                        double side = ViewPictures.sideWidth(split, size[0], height);
                        try (SlideSide panel = new SlideSide(split, side, height, true)) {
                            wrong.addAll(problems(panel, height, size[0] + "x" + size[1] + " " + s));
                            wrong.addAll(pendingSaysWhy(wb, s, panel, size[0] + "x" + size[1] + " " + s));
                            leftOut[0] += panel.sectionsLeftOut();
                            wider[0] += side > Math.max(ViewPictures.SIDE_MIN, Math.min(ViewPictures.SIDE_MAX,
                                    size[0] / 3.0)) + 1 ? 1 : 0;
                            checked[0]++;
                        }
                    }
                    wb.viewModel().close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        assertEquals(List.of(), wrong);
        assertTrue(checked[0] >= 9, "a pod or worker selected at each size: " + checked[0]);
        assertTrue(leftOut[0] > 0, "some sections gave way somewhere (1024x768): the test saw the cut");
        assertTrue(wider[0] > 0, "a side panel was widened somewhere: the test saw it");
    }
}
