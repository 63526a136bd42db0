package io.gpulab.app.gui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.engine.api.NodeView;
import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A worker's CPU and memory fill, as requested by its bound pods against what it can allocate. */
@ExtendWith(ApplicationExtension.class)
class HostFillTest {

    @Start
    void start(Stage stage) {
        NodeView node = new NodeView("w", 8, 16384, Map.of(), Map.of(), List.of(), null, List.of(), 6000, 16384);
        stage.setScene(new Scene(new StackPane(new HostFill(node)), 300, 200));
        stage.show();
    }

    @Test
    void showsRequestedCpuAndMemoryAgainstAllocatable(FxRobot robot) {
        assertEquals("6.0/8", robot.lookup("#cpu-w").queryAs(Label.class).getText());
        assertEquals("16.0/16 GiB", robot.lookup("#memory-w").queryAs(Label.class).getText());
        List<FillBar> bars = robot.lookup(".fill-bar").queryAllAs(FillBar.class).stream().toList();
        assertEquals(2, bars.size());
        assertEquals(0.75, bars.stream().filter(b -> b.getStyleClass().contains("cpu")).findFirst().orElseThrow()
                .getFraction());
        assertEquals(1.0, bars.stream().filter(b -> b.getStyleClass().contains("hostmem")).findFirst().orElseThrow()
                .getFraction());
    }
}
