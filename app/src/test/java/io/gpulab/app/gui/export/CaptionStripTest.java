package io.gpulab.app.gui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The caption strip under an export names brand, scenario, backend, lab time, date and the scenario file's whole
 * SHA-256 uncut, narrow or wide; a lab observed on a cluster says it has no scenario file and carries no hash.
 */
@ExtendWith(ApplicationExtension.class)
class CaptionStripTest {

    @Start
    void start(Stage stage) {
        // the toolkit is all this test needs
    }

    private static List<Label> labels(Node n) {
        List<Label> out = new ArrayList<>();
        if (n instanceof Label l) {
            out.add(l);
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> out.addAll(labels(c)));
        }
        return out;
    }

    @Test
    void nothingIsCutOnASlideOfTwoTenantsAt1280OrOnAWideCanvas(FxRobot robot) {
        Caption c = new Caption("article", "sim", "2026-01-01 00:00:00 UTC", "2026-12-03",
                "after the scenario's 5 steps", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
        // 320: the narrowest window; 796: the canvas of a 1280x720 window (two tenants side by side); 1024;
        // 1332: a 1920x1080 window's; 1920
        for (double width : new double[] {320, 796, 1024, 1332, 1920}) {
            List<String> cut = new ArrayList<>();
            StringBuilder shownText = new StringBuilder();
            double[] height = new double[1];
            robot.interact(() -> {
                Region strip = PngExporter.strip(c, width, false);
                height[0] = strip.getHeight();
                for (Label l : labels(strip)) {
                    Node t = l.lookup(".text");
                    String shown = t instanceof Text text ? text.getText() : l.getText();
                    shownText.append(shown).append('\n');
                    if (!shown.equals(l.getText())) {
                        cut.add(shown);
                    }
                    if (l.prefWidth(-1) > width + 0.5 && !l.isWrapText()) {
                        cut.add("wider than the strip: " + shown);
                    }
                }
            });
            assertEquals(List.of(), cut, "cut in the caption strip at " + width + " px");
            assertTrue(shownText.toString().replace("\n", "").contains(c.sha256()),
                    "the whole SHA-256 at " + width + " px, on one line or two: " + shownText);
            assertTrue(height[0] > 10, "a strip is drawn");
            assertTrue(c.line().contains("scenario file sha256 " + c.sha256()), c.line());
            assertTrue(c.line().contains("HAMi v2.10.0") && c.line().contains("gpulab ")
                    && c.line().contains("simulation: HAMi's decisions with a mock device plugin, no GPU ran"),
                    "versions and the simulation line: " + c.line());
        }
    }

    @Test
    void aLabObservedOnAClusterHasNoScenarioFileAndNoHash() {
        Caption c = new Caption("article", "cluster", "2026-01-01 00:00:00 UTC", "2026-12-03",
                "as observed on context prod-mgmt", null);
        for (String text : List.of(c.line(), c.lines(false), c.lines(true))) {
            assertTrue(text.contains("as observed on context prod-mgmt"), text);
            assertTrue(text.contains("no scenario file, no hash"), text);
            assertTrue(!text.matches("(?s).*[0-9a-f]{12}.*") && !text.contains("sha256"), "no hash: " + text);
            assertTrue(!text.contains("simulation:") && !text.contains("HAMi v2.10.0"),
                    "nothing in it was simulated: " + text);
        }
    }
}
