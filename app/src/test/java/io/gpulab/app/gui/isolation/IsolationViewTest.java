package io.gpulab.app.gui.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.view.Theme;
import io.gpulab.app.gui.view.WordWrapLabel;
import io.gpulab.engine.isolation.IsolationRow;
import io.gpulab.engine.isolation.IsolationTable;
import io.gpulab.engine.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The isolation view on the article lab: the CLI's table, each row's observations, readable at 1024x768. */
@ExtendWith(ApplicationExtension.class)
class IsolationViewTest {

    private Stage stage;
    private IsolationViewModel vm;

    @Start
    void start(Stage s) {
        stage = s;
        vm = new IsolationViewModel(Runnable::run, Runnable::run);
        IsolationView view = new IsolationView(vm, () -> { });
        Scene scene = new Scene(view, 1024, 768);
        Theme.apply(scene, false);
        s.setScene(scene);
        s.show();
    }

    private void size(FxRobot robot, double w, double h, boolean dark) {
        robot.interact(() -> {
            stage.setWidth(w);
            stage.setHeight(h);
            stage.getScene().getRoot().resize(w, h);
            Theme.apply(stage.getScene(), dark);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void showsTheTableOfTheLabAndTheSelectedRowsObservations(FxRobot robot) throws Exception {
        robot.interact(() -> vm.derive(new ScenarioReader().load("article").lab(), false));
        WaitForAsyncUtils.waitForFxEvents();
        IsolationTable t = vm.tableProperty().get();
        @SuppressWarnings("unchecked")
        TableView<IsolationRow> table = robot.lookup("#isolation-table").queryAs(TableView.class);
        assertEquals(t.rows(), table.getItems());
        assertEquals(2 + 1 + 2 + 1, table.getColumns().size(), "layer, part, shared by, one column per tenant, when "
                + "healed");
        assertEquals("when healed", table.getColumns().get(5).getText());
        assertEquals(t.conclusion(), robot.lookup("#isolation-conclusion").queryAs(WordWrapLabel.class).getFullText());
        IsolationRow ds = t.rows().stream().filter(r -> r.fault().equals("fault: {dataStore: default, state: down}"))
                .findFirst().orElseThrow();
        robot.interact(() -> table.getSelectionModel().select(ds));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> texts = new ArrayList<>();
        collect(robot.lookup("#isolation-observations").queryAs(Parent.class), texts);
        // every member down: no etcd server is left to answer etcd's text; the request waits out the API server's timeout
        assertTrue(texts.contains("create default/isolation-probe-new refused: DataStoreUnavailable: "
                + io.gpulab.engine.kamaji.ApiErrors.noEtcdMember()), texts.toString());
        assertTrue(texts.stream().anyMatch(x -> x.startsWith("default/isolation-probe-running still Running on "
                + "tenant-b-worker")), texts.toString());
        assertEquals("tenant-a, tenant-b back", table.getColumns().get(5).getCellData(ds));
        assertEquals("heal: fault: {dataStore: default, state: up}",
                robot.lookup("#isolation-heal").queryAs(WordWrapLabel.class).getFullText());
        List<String> healed = new ArrayList<>();
        collect(robot.lookup("#isolation-recovery").queryAs(Parent.class), healed);
        assertEquals(List.of("tenant-a: back", "create", "kept",
                "created default/isolation-probe-healed (schedulerName hami-scheduler)"), healed.subList(0, 4));
        assertTrue(healed.contains("tenant-b: back"), healed.toString());

        for (double[] s : new double[][] {{1024, 768}, {1280, 720}, {1920, 1080}}) {
            for (boolean dark : new boolean[] {false, true}) {
                size(robot, s[0], s[1], dark);
                Node tableNode = robot.lookup("#isolation-table").query();
                Node grid = robot.lookup("#isolation-observations").query();
                Node recovery = robot.lookup("#isolation-recovery").query();
                Bounds scene = new javafx.geometry.BoundingBox(0, 0, s[0], s[1]);
                for (Node n : List.of(tableNode, robot.lookup("#isolation-export").query(),
                        robot.lookup("#isolation-conclusion").query())) {
                    Bounds b = n.localToScene(n.getBoundsInLocal());
                    assertTrue(b.getMinX() >= 0 && b.getMaxX() <= s[0] + 1.5 && b.getHeight() > 0,
                            n.getId() + " inside " + s[0] + "x" + s[1] + ": " + b);
                }
                assertTrue(grid.getLayoutBounds().getWidth() <= s[0], "observations fit the width");
                assertTrue(recovery.getLayoutBounds().getWidth() <= s[0], "the heal's observations fit the width");
                snapshot(robot, "isolation-view-" + (int) s[0] + "x" + (int) s[1] + (dark ? "-dark" : "") + ".png");
            }
        }
    }

    private static void collect(Node n, List<String> out) {
        if (n instanceof WordWrapLabel w) {
            out.add(w.getFullText());
        } else if (n instanceof Labeled l && l.getText() != null) {
            out.add(l.getText());
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> collect(c, out));
        }
    }

    /** The view as a PNG beside the test classes, to look at (docs/workbench.md: look at what you build). */
    private void snapshot(FxRobot robot, String name) throws Exception {
        Path dir = Path.of(System.getProperty("gpulab.shots", "target/isolation-shots"));
        Files.createDirectories(dir);
        robot.interact(() -> {
            var img = stage.getScene().snapshot(null);
            try {
                javax.imageio.ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", dir.resolve(name).toFile());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }
}
