package io.gpulab.app.gui.plan;

import io.gpulab.app.gui.export.HeadlessFx;
import io.gpulab.app.report.ChartImage;
import io.gpulab.app.report.PlanChartSource;
import io.gpulab.engine.plan.CandidateResult;
import io.gpulab.engine.plan.CardHeat;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.transform.Transform;

/**
 * The Plan view's charts ({@link PlanCharts}) rendered for the decision report: laid out at their size on the
 * page (one layout unit is one point, so the paper style's type sizes are point sizes) and snapshotted at
 * {@code scale} pixels per point. Runs on the FX thread; with no toolkit running (the CLI) it starts one
 * headless (Monocle, software rendering), which needs no display.
 */
public final class PlanChartImages implements PlanChartSource {

    /** Pixels per point: 4 is 288 dpi, sharp on paper and at 300 % zoom. */
    public static final double SCALE = 4;

    private final double scale;

    public PlanChartImages(double scale) {
        this.scale = scale;
    }

    /** Starts a headless toolkit when none runs yet (the command line), else uses the running one. */
    public static PlanChartImages headless() throws IOException {
        try {
            HeadlessFx.start();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the chart renderer", e);
        }
        return new PlanChartImages(SCALE);
    }

    /**
     * Starts the toolkit and renders one small chart, so that classes, CSS and the software renderer are ready
     * when the report asks: the command line calls it beside the replays, on a core they leave idle near the end.
     */
    public static void warmUp() throws IOException {
        PlanChartImages images = headless();
        images.render(PlanCharts.CURVES, c -> c.showCurves(List.of()), 120, 90);
    }

    @Override
    public ChartImage curves(List<CandidateResult> candidates, float w, float h) throws IOException {
        return render(PlanCharts.CURVES, c -> c.showCurves(candidates), w, h);
    }

    @Override
    public ChartImage utilisation(List<CandidateResult> candidates, float w, float h) throws IOException {
        return render(PlanCharts.UTILISATION, c -> c.showUtilisation(candidates), w, h);
    }

    @Override
    public ChartImage stranded(List<CandidateResult> candidates, float w, float h) throws IOException {
        return render(PlanCharts.STRANDED, c -> c.showStranded(candidates), w, h);
    }

    @Override
    public ChartImage wins(io.gpulab.engine.plan.SensitivityResult s, float w, float h) throws IOException {
        return render(PlanCharts.WINS, c -> c.showWins(s), w, h);
    }

    @Override
    public ChartImage heat(CandidateResult candidate, float w, float maxH) throws IOException {
        double cells = cellsHeight(candidate.heat(), w, maxH);
        // a page-high map of thousands of flat squares needs fewer pixels per point than a chart's type does
        double s = Math.min(scale, Math.sqrt(HEAT_PIXELS / (w * (cells + 40))));
        return render(PlanCharts.HEAT, c -> {
            c.showHeat(candidate);
            c.heat().setPixelScale(s);
            c.heat().setCellsHeight(cells);
        }, w, -1, s);
    }

    /**
     * The height of the squares' area of a heat map picture {@code w} points wide and at most {@code maxH} high with
     * its title and legend. Searched at the width the map is laid out at (whole points): at the page's 495.28 pt the
     * squares that fit could be a size the drawing, at 495, finds too wide for the height, and it drew smaller ones
     * above an empty band.
     */
    static double cellsHeight(CardHeat heat, float w, float maxH) {
        return HeatMap.cellsHeight(heat, wholePoints(w), maxH - 40);
    }

    /** The pixel budget of one heat map picture (its scale drops below {@link #SCALE} past it, to ~3 at most). */
    static final double HEAT_PIXELS = 2.5e6;

    /**
     * Lays out one chart of a fresh {@link PlanCharts} at {@code w × h} points (h < 0: its own height); {@code fill}
     * fills only that chart, since the picture shows no other.
     */
    private ChartImage render(String id, Consumer<PlanCharts> fill, float w, float h) throws IOException {
        return render(id, fill, w, h, scale);
    }

    private ChartImage render(String id, Consumer<PlanCharts> fill, float w, float h, double scale)
            throws IOException {
        return onFx(() -> {
            Region root = layOut(id, fill, w, h);
            SnapshotParameters p = new SnapshotParameters();
            p.setFill(Color.WHITE);
            p.setTransform(Transform.scale(scale, scale));
            int pw = (int) Math.round(root.getWidth() * scale);
            int ph = (int) Math.round(root.getHeight() * scale);
            WritableImage img = root.snapshot(p, new WritableImage(pw, ph));
            int[] argb = new int[pw * ph];
            img.getPixelReader().getPixels(0, 0, pw, ph, PixelFormat.getIntArgbInstance(), argb, 0, pw);
            return new ChartImage(id, argb, pw, ph, (float) root.getWidth(), (float) root.getHeight());
        });
    }

    /**
     * The chart in its paper style, laid out at its size on the page in a scene of its own (never shown): what
     * the snapshot draws. On the FX thread.
     */
    static Region layOut(String id, Consumer<PlanCharts> fill, float width, float heightOrAuto) {
        float w = wholePoints(width);
        float h = heightOrAuto > 0 ? (float) Math.floor(heightOrAuto) : heightOrAuto;
        PlanCharts charts = new PlanCharts();
        fill.accept(charts);
        Region node = charts.chart(id);
        node.getStyleClass().add("paper");
        StackPane root = new StackPane(node);
        root.setStyle("-fx-background-color: white;");
        new Scene(root, w, Math.max(h, 1));
        root.applyCss();
        double laidOut = h > 0 ? h : Math.ceil(node.prefHeight(w));
        double across = w;
        for (int attempt = 0; attempt < 3; attempt++) {
            root.resize(across, laidOut);
            root.layout();
            // a second pass: axis ranges and the legend settle after the first
            root.applyCss();
            root.layout();
            if (!hidesAnAxisLabel(root)) {
                break;
            }
            // JavaFX hides an end tick whose position lands a rounding error past the axis (its label, mark and
            // grid line go); a point narrower moves it back
            across -= 1;
        }
        return root;
    }

    /** A picture's width as laid out: whole points, so the picture's pixels line up with the layout. */
    static float wholePoints(float width) {
        return (float) Math.floor(width + 0.5);
    }

    /** Whether an axis hides one of its tick labels (at its end, or where labels would overlap). */
    static boolean hidesAnAxisLabel(Region root) {
        for (javafx.scene.Node axis : root.lookupAll(".axis")) {
            for (javafx.scene.Node n : ((javafx.scene.Parent) axis).getChildrenUnmodifiable()) {
                if (n instanceof javafx.scene.text.Text t && !t.isVisible()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static <T> T onFx(Callable<T> work) throws IOException {
        try {
            return Platform.isFxApplicationThread() ? work.call() : HeadlessFx.call(work);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("rendering a chart failed: " + e.getMessage(), e);
        }
    }
}
