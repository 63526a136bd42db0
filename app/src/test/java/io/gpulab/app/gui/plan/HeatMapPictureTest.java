package io.gpulab.app.gui.plan;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.export.HeadlessFx;
import io.gpulab.engine.plan.CardHeat;
import java.util.Arrays;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A heat map picture of the decision report fills the height it reserves for the squares: the squares drawn are
 * the ones the report sized the picture for, not smaller ones above an empty band.
 */
class HeatMapPictureTest {

    @BeforeAll
    static void toolkit() throws Exception {
        HeadlessFx.start();
    }

    @Test
    void theSquaresFillTheHeightTheReportGivesThem() throws Exception {
        // 1,600 workers x 4 cards, all fully booked, at the width of A4 less margins (495.28 pt, laid out at 495):
        // the openb t4-x4 candidate's map, which used to end some 35 pt above its legend
        byte[] full = new byte[1600 * 4];
        Arrays.fill(full, (byte) 100);
        CardHeat heat = new CardHeat(1600, 4, full, full);
        float page = org.apache.pdfbox.pdmodel.common.PDRectangle.A4.getWidth() - 2 * 50;
        double cells = PlanChartImages.cellsHeight(heat, page, 472);
        double[] band = HeadlessFx.call(() -> {
            Region root = PlanChartImages.layOut(PlanCharts.HEAT, c -> {
                c.heat().show(heat, "t4-x4");
                c.heat().setCellsHeight(cells);
            }, page, -1);
            WritableImage img = root.snapshot(new SnapshotParameters(), null);
            Node legend = root.lookup(".heat-legend");
            double legendTop = legend.localToScene(0, 0).getY();
            PixelReader px = img.getPixelReader();
            int lowest = -1;
            for (int y = 0; y < (int) legendTop; y++) {
                for (int x = 0; x < (int) img.getWidth(); x++) {
                    Color c = px.getColor(x, y);
                    if (c.getBlue() > 0.5 && c.getRed() < 0.2) {
                        lowest = y;
                        break;
                    }
                }
            }
            return new double[] {legendTop, lowest};
        });
        assertTrue(band[1] > 0, "squares drawn");
        // under the last row of squares: the VBox's 4 pt spacing before the legend and at most one row's gap
        double empty = band[0] - 4 - (band[1] + 1);
        assertTrue(empty < 4, "empty band under the squares: " + empty + " pt (cells area " + cells + " pt)");
    }
}
