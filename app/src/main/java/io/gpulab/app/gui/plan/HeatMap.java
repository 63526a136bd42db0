package io.gpulab.app.gui.plan;

import io.gpulab.engine.plan.CardHeat;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.transform.Scale;
import org.jspecify.annotations.Nullable;

/**
 * A candidate's cards at the end of its replay: one square per card, a worker's cards side by side, white idle
 * to dark blue fully booked (the larger of memory and compute), with its title and colour legend. Every card
 * is drawn: the squares shrink until all fit, and the title says so when even the smallest do not. The squares
 * are painted at {@link #setPixelScale pixel scale} so a scaled snapshot (the report) stays sharp.
 */
public final class HeatMap extends VBox {

    /** The largest squares on screen. */
    static final double MAX_CELL = 14;
    /** The largest squares in the report, whose pictures hold far more cards per page than the view. */
    static final double REPORT_MAX_CELL = 10;
    static final double MIN_CELL = 1;
    private static final Color GROUND = Color.web("#aab4c0");

    private final Label title = new Label();
    private final Pane cells = new Pane();
    private final Canvas canvas = new Canvas();
    private double pixelScale = 1;
    private boolean fixedHeight;
    private @Nullable CardHeat heat;
    private String candidate = "";

    HeatMap() {
        super(4);
        getStyleClass().add("heat-map");
        title.getStyleClass().add("heat-title");
        title.setWrapText(true);
        // as high as its wrapped lines: a narrow window cut the title to "... each square one ..."
        title.setMinHeight(Region.USE_PREF_SIZE);
        title.setId("plan-heat-title");
        canvas.setManaged(false);
        cells.getChildren().add(canvas);
        cells.setMinHeight(20);
        cells.setPrefHeight(110);
        Region gradient = new Region();
        gradient.setMinSize(90, 9);
        gradient.setMaxSize(90, 9);
        gradient.setStyle("-fx-background-color: linear-gradient(to right, " + web(0) + ", " + web(1) + ");"
                + " -fx-border-color: #9aa5b1; -fx-border-width: 0.5;");
        HBox legend = new HBox(6, new Label("idle"), gradient,
                new Label("fully booked (the larger of GPU memory and compute)"));
        legend.setAlignment(Pos.CENTER_LEFT);
        legend.getStyleClass().add("heat-legend");
        getChildren().addAll(title, cells, legend);
        cells.widthProperty().addListener((o, a, b) -> draw());
        cells.heightProperty().addListener((o, a, b) -> draw());
    }

    /** Shows these cards (null clears the map). */
    void show(@Nullable CardHeat h, String candidateName) {
        heat = h;
        candidate = candidateName;
        draw();
    }

    /** Pixels per layout unit of the squares (the snapshot scale of a report picture; 1 on screen). */
    public void setPixelScale(double scale) {
        pixelScale = scale;
        draw();
    }

    /**
     * The height of the squares' area for this width: that of the largest squares, at most
     * {@link #REPORT_MAX_CELL}, with which every card fits {@code maxHeight}; {@code maxHeight} when none do.
     * The drawing then finds the same squares in that height (at the same width).
     */
    public static double cellsHeight(CardHeat h, double width, double maxHeight) {
        return Math.min(maxHeight, fit(h, width, maxHeight, REPORT_MAX_CELL).height());
    }

    /** Sets the height of the squares' area (the report sizes it to fit every card). */
    public void setCellsHeight(double h) {
        fixedHeight = true;
        cells.setMinHeight(h);
        cells.setPrefHeight(h);
        cells.setMaxHeight(h);
    }

    /** Square side, gap between workers and rows, workers per row, and the height of all rows. */
    record Grid(double cell, double gap, int perRow, int rows) {
        static Grid of(double cell, double width, int workers, int perWorker) {
            double gap = Math.max(1, cell / 2);
            double block = perWorker * cell + gap;
            int perRow = Math.max(1, (int) ((width + gap) / block));
            return new Grid(cell, gap, perRow, (workers + perRow - 1) / perRow);
        }

        double height() {
            return rows * (cell + gap) - gap;
        }
    }

    private void draw() {
        double w = cells.getWidth();
        double h = cells.getHeight();
        CardHeat c = heat;
        if (!fixedHeight && c != null && w > 0) {
            // on screen: as high as the largest squares need, within limits; the charts below get the rest
            double want = Math.max(20, Math.min(160, Grid.of(MAX_CELL, w, c.workers(), c.cardsPerWorker()).height()));
            if (Math.abs(cells.getPrefHeight() - want) > 0.5) {
                cells.setPrefHeight(want);
            }
        }
        @Nullable Grid grid = c != null && w > 0 && h > 0 ? fit(c, w, h, MAX_CELL) : null;
        title.setText(c == null ? "" : titleText(c, grid, h));
        canvas.setWidth(Math.ceil(w * pixelScale));
        canvas.setHeight(Math.ceil(h * pixelScale));
        canvas.getTransforms().setAll(new Scale(1 / pixelScale, 1 / pixelScale, 0, 0));
        GraphicsContext g = canvas.getGraphicsContext2D();
        g.setTransform(1, 0, 0, 1, 0, 0);
        g.clearRect(0, 0, canvas.getWidth(), canvas.getHeight());
        if (c == null || grid == null || c.workers() == 0) {
            return;
        }
        g.setTransform(pixelScale, 0, 0, pixelScale, 0, 0);
        double block = c.cardsPerWorker() * grid.cell() + grid.gap();
        // each worker on a grey ground, so an idle (white) card still shows; a hairline between larger squares
        double line = Math.min(1, grid.cell() / 8);
        for (int wk = 0; wk < c.workers(); wk++) {
            double x = (wk % grid.perRow()) * block;
            double y = (wk / grid.perRow()) * (grid.cell() + grid.gap());
            if (y + grid.cell() > h + 0.01) {
                break;
            }
            g.setFill(GROUND);
            g.fillRect(x, y, c.cardsPerWorker() * grid.cell(), grid.cell());
            for (int k = 0; k < c.cardsPerWorker(); k++) {
                g.setFill(color(c.booked(wk, k) / 100.0));
                g.fillRect(x + k * grid.cell() + line, y + line, grid.cell() - 2 * line,
                        grid.cell() - 2 * line);
            }
        }
    }

    /** The largest squares (up to {@code maxCell}) with which every card fits; the smallest when none does. */
    static Grid fit(CardHeat c, double w, double h, double maxCell) {
        for (double cell = maxCell; cell > MIN_CELL; cell -= 0.25) {
            Grid g = Grid.of(cell, w, c.workers(), c.cardsPerWorker());
            if (g.height() <= h + 0.01) {
                return g;
            }
        }
        return Grid.of(MIN_CELL, w, c.workers(), c.cardsPerWorker());
    }

    /** The title, saying how many workers the squares of {@code g} (null: none drawn yet) leave out at height h. */
    private String titleText(CardHeat c, @Nullable Grid g, double h) {
        String text = "Cards of " + candidate + " at the end: " + io.gpulab.engine.plan.Counts.of(c.workers(), "worker")
                + " × " + io.gpulab.engine.plan.Counts.of(c.cardsPerWorker(), "card") + ", each square one card";
        if (g != null) {
            int shownRows = (int) Math.floor((h + g.gap()) / (g.cell() + g.gap()));
            int shown = Math.min(c.workers(), shownRows * g.perRow());
            if (shown < c.workers()) {
                text += String.format(Locale.ROOT, " (the first %,d workers; enlarge to see all)", shown);
            }
        }
        return text;
    }

    /** White (idle) to the accent blue (fully booked). */
    static Color color(double f) {
        double v = Math.max(0, Math.min(1, f));
        return Color.color(1 - v, 1 - v * 0.553, 1 - v * 0.302);
    }

    private static String web(double f) {
        Color c = color(f);
        return String.format(Locale.ROOT, "rgb(%d,%d,%d)", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255),
                Math.round(c.getBlue() * 255));
    }
}
