package io.gpulab.app.report;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.apache.pdfbox.pdmodel.PDPageContentStream;

/**
 * Vector charts drawn straight into a report page (crisp at any zoom, text at least {@link PdfDoc#MIN_SIZE}):
 * a line chart of several series on shared axes and a grouped bar chart. Colours are the Okabe–Ito set, which
 * stays distinct for colour-blind readers; lines also differ by dash, so a grey print still tells them apart.
 */
public final class ChartCanvas {

    /** Okabe–Ito: blue, orange, green, vermillion, reddish purple, sky blue, dark grey, yellow-brown. */
    static final float[][] PALETTE = {
        {0f, 0.447f, 0.698f}, {0.902f, 0.624f, 0f}, {0f, 0.62f, 0.451f}, {0.835f, 0.369f, 0f},
        {0.8f, 0.475f, 0.655f}, {0.337f, 0.706f, 0.914f}, {0.3f, 0.3f, 0.3f}, {0.6f, 0.5f, 0.1f},
    };
    private static final float[][] DASHES = {{}, {5, 2}, {1.5f, 1.5f}, {6, 2, 1.5f, 2}, {3, 3}, {8, 3}, {2, 4},
        {4, 1, 1, 1}};
    private static final float[] INK = {0.12f, 0.16f, 0.2f};
    private static final float[] GRID = {0.88f, 0.9f, 0.92f};
    private static final float LABEL = 7.5f;

    private final PdfDoc doc;
    private final PDPageContentStream out;
    private final float x;
    private final float y;
    private final float w;
    private final float h;

    ChartCanvas(PdfDoc doc, PDPageContentStream out, float x, float y, float w, float h) {
        this.doc = doc;
        this.out = out;
        this.x = x;
        this.y = y;
        this.w = w;
        this.h = h;
    }

    /** One line: a name for the legend and its points (x, y). */
    public record Series(String name, List<double[]> points) { }

    /**
     * Several series on shared axes from 0; the legend sits below the plot.
     *
     * @param xMax, yMax the axes' ends (rounded up to a tidy step)
     */
    public void lines(String title, String xLabel, String yLabel, double xMax, double yMax, List<Series> series)
            throws IOException {
        int cols = legendColumns(series.stream().map(Series::name).toList());
        int legendRows = (series.size() + cols - 1) / cols;
        float legendH = legendRows * 11 + 4;
        float left = x + 34;
        float bottom = y + legendH + 24;
        float top = y + h - 30;
        float right = x + w - 8;
        doc.show(doc.bold, 9, title, x, y + h - 9, INK);
        double xs = step(xMax);
        double ys = step(yMax);
        double xEnd = Math.ceil(xMax / xs) * xs;
        double yEnd = Math.ceil(yMax / ys) * ys;
        grid(left, bottom, right, top, xEnd, xs, yEnd, ys);
        doc.show(doc.regular, LABEL, xLabel, (left + right) / 2 - doc.textWidth(doc.regular, LABEL, xLabel) / 2,
                bottom - 22, INK);
        doc.show(doc.regular, LABEL, yLabel, x, top + 8, INK);
        out.saveGraphicsState();
        out.addRect(left, bottom, right - left, top - bottom);
        out.clip();
        for (int s = 0; s < series.size(); s++) {
            List<double[]> pts = series.get(s).points();
            if (pts.isEmpty()) {
                continue;
            }
            stroke(PALETTE[s % PALETTE.length], 1.4f, DASHES[s % DASHES.length]);
            for (int i = 0; i < pts.size(); i++) {
                float px = (float) (left + (right - left) * pts.get(i)[0] / xEnd);
                float py = (float) (bottom + (top - bottom) * pts.get(i)[1] / yEnd);
                if (i == 0) {
                    out.moveTo(px, py);
                } else {
                    out.lineTo(px, py);
                }
            }
            out.stroke();
        }
        out.restoreGraphicsState();
        legend(series.stream().map(Series::name).toList(), y + legendH - 10, true);
    }

    /**
     * Bars grouped by category (e.g. one group per candidate), one bar per series, each labelled with its value.
     *
     * @param values values[series][group]
     */
    public void bars(String title, String yLabel, List<String> groups, List<String> seriesNames, double[][] values,
                     double yMax, String unit) throws IOException {
        int cols = legendColumns(seriesNames);
        float legendH = ((seriesNames.size() + cols - 1) / cols) * 11 + 4;
        float groupW0 = (x + w - 8 - (x + 34)) / groups.size();
        int labelLines = 1;
        for (String gname : groups) {
            labelLines = Math.max(labelLines, PdfText.wrap(gname, doc.regular, LABEL, groupW0 - 4).size());
        }
        float left = x + 34;
        float bottom = y + legendH + 8 + labelLines * 9 + 6;
        float top = y + h - 30;
        float right = x + w - 8;
        doc.show(doc.bold, 9, title, x, y + h - 9, INK);
        double ys = step(yMax);
        double yEnd = Math.max(ys, Math.ceil(yMax / ys) * ys);
        grid(left, bottom, right, top, 0, 0, yEnd, ys);
        doc.show(doc.regular, LABEL, yLabel, x, top + 8, INK);
        float groupW = (right - left) / groups.size();
        int k = seriesNames.size();
        float barW = Math.min(28, (groupW - 10) / k);
        for (int g = 0; g < groups.size(); g++) {
            float gx = left + g * groupW + (groupW - barW * k) / 2;
            for (int s = 0; s < k; s++) {
                double v = values[s][g];
                float bh = (float) ((top - bottom) * Math.min(v, yEnd) / yEnd);
                float[] c = PALETTE[s % PALETTE.length];
                out.setNonStrokingColor(c[0], c[1], c[2]);
                out.addRect(gx + s * barW + 1, bottom, barW - 2, Math.max(bh, 0.5f));
                out.fill();
                String label = String.format(Locale.ROOT, v >= 100 || v == Math.rint(v) ? "%.0f" : "%.1f", v);
                float lw = doc.textWidth(doc.regular, 7, label);
                doc.show(doc.regular, 7, label, gx + s * barW + barW / 2 - lw / 2, bottom + bh + 2, INK);
            }
            String name = groups.get(g);
            List<String> lines = PdfText.wrap(name, doc.regular, LABEL, groupW - 4);
            float ly = bottom - 10;
            for (String l : lines) {
                float lw = doc.textWidth(doc.regular, LABEL, l);
                doc.show(doc.regular, LABEL, l, left + g * groupW + groupW / 2 - lw / 2, ly, INK);
                ly -= 9;
            }
        }
        legend(seriesNames, y + legendH - 10, false);
        if (!unit.isEmpty()) {
            float uw = doc.textWidth(doc.regular, LABEL, unit);
            doc.show(doc.regular, LABEL, unit, right - uw, top + 8, INK);
        }
    }

    /**
     * A heat map of cards: one small square per card, a worker's cards side by side, workers wrapping in rows;
     * white is idle, dark blue fully booked. {@code booked[w][c]} is a percentage.
     */
    public void heat(String title, int workers, int perWorker, java.util.function.IntBinaryOperator booked)
            throws IOException {
        doc.show(doc.bold, 9, title, x, y + h - 9, INK);
        float areaTop = y + h - 18;
        float areaBottom = y + 18;
        float cell = heatCell(w, workers, perWorker);
        float blockW = perWorker * cell + Math.max(1, cell / 2);
        int perRow = Math.max(1, (int) (w / blockW));
        for (int wk = 0; wk < workers; wk++) {
            float bx = x + (wk % perRow) * blockW;
            float by = areaTop - (wk / perRow + 1) * (cell + Math.max(1, cell / 2));
            if (by < areaBottom) {
                break;
            }
            for (int c = 0; c < perWorker; c++) {
                float f = Math.min(100, booked.applyAsInt(wk, c)) / 100f;
                out.setNonStrokingColor(1 - f * 1f, 1 - f * 0.553f, 1 - f * 0.302f);
                out.addRect(bx + c * cell, by, Math.max(cell - 0.4f, 0.8f), Math.max(cell - 0.4f, 0.8f));
                out.fill();
            }
        }
        float lx = x;
        for (int i = 0; i <= 10; i++) {
            float f = i / 10f;
            out.setNonStrokingColor(1 - f, 1 - f * 0.553f, 1 - f * 0.302f);
            out.addRect(lx + 30 + i * 10, y + 3, 10, 7);
            out.fill();
        }
        out.setStrokingColor(GRID[0] - 0.2f, GRID[1] - 0.2f, GRID[2] - 0.2f);
        out.setLineWidth(0.4f);
        out.addRect(lx + 30, y + 3, 110, 7);
        out.stroke();
        doc.show(doc.regular, LABEL, "idle", lx, y + 4, INK);
        doc.show(doc.regular, LABEL, "fully booked (memory or compute)", lx + 146, y + 4, INK);
    }

    /** The side of one card's square: as large as fits {@link #HEAT_AREA} points of height, 1.5 to 10 points. */
    private static float heatCell(float width, int workers, int perWorker) {
        int cells = Math.max(1, workers * perWorker);
        return (float) Math.max(1.5, Math.min(10, Math.floor(Math.sqrt(width * HEAT_AREA / (cells * 1.3)))));
    }

    static final float HEAT_AREA = 120;

    /** The canvas height {@link #heat} needs for this many cards on a page {@code width} wide. */
    public static float heatHeight(float width, int workers, int perWorker) {
        float cell = heatCell(width, workers, perWorker);
        float blockW = perWorker * cell + Math.max(1, cell / 2);
        int perRow = Math.max(1, (int) (width / blockW));
        int rows = (workers + perRow - 1) / perRow;
        return Math.min(HEAT_AREA + 40, rows * (cell + Math.max(1, cell / 2)) + 40);
    }

    /** A light frame around the whole canvas, filled with grey {@code fill}. */
    void frame(float fill) throws IOException {
        rect(0, 0, w, h, new float[] {fill, fill, fill}, new float[] {0.85f, 0.87f, 0.9f});
    }

    /** A rectangle in canvas coordinates (origin bottom-left); either colour may be null. */
    void rect(float rx, float ry, float rw, float rh, float[] fill, float[] line) throws IOException {
        out.setLineDashPattern(new float[0], 0);
        if (fill != null) {
            out.setNonStrokingColor(fill[0], fill[1], fill[2]);
            out.addRect(x + rx, y + ry, rw, rh);
            out.fill();
        }
        if (line != null) {
            out.setStrokingColor(line[0], line[1], line[2]);
            out.setLineWidth(0.6f);
            out.addRect(x + rx, y + ry, rw, rh);
            out.stroke();
        }
    }

    /** Text at a baseline in canvas coordinates. */
    void text(org.apache.pdfbox.pdmodel.font.PDFont font, float size, String s, float tx, float ty, float[] rgb)
            throws IOException {
        doc.show(font, size, s, x + tx, y + ty, rgb);
    }

    private void grid(float left, float bottom, float right, float top, double xEnd, double xs, double yEnd, double ys)
            throws IOException {
        stroke(GRID, 0.5f, new float[0]);
        for (double v = 0; v <= yEnd + 1e-9; v += ys) {
            float py = (float) (bottom + (top - bottom) * v / yEnd);
            out.moveTo(left, py);
            out.lineTo(right, py);
            String t = tick(v);
            doc.show(doc.regular, LABEL, t, left - 4 - doc.textWidth(doc.regular, LABEL, t), py - 2.5f, INK);
        }
        if (xs > 0) {
            for (double v = 0; v <= xEnd + 1e-9; v += xs) {
                float px = (float) (left + (right - left) * v / xEnd);
                out.moveTo(px, bottom);
                out.lineTo(px, top);
                String t = tick(v);
                doc.show(doc.regular, LABEL, t, px - doc.textWidth(doc.regular, LABEL, t) / 2, bottom - 10, INK);
            }
        }
        out.stroke();
        stroke(INK, 0.7f, new float[0]);
        out.moveTo(left, top);
        out.lineTo(left, bottom);
        out.lineTo(right, bottom);
        out.stroke();
    }

    /** As many legend columns (up to 4) as the longest name allows, so no name is cut. */
    private int legendColumns(List<String> names) throws IOException {
        float widest = 0;
        for (String n : names) {
            widest = Math.max(widest, doc.textWidth(doc.regular, LABEL, n));
        }
        return (int) Math.max(1, Math.min(4, (w - 34) / (widest + 30)));
    }

    private void legend(List<String> names, float baseline, boolean lines) throws IOException {
        int cols = legendColumns(names);
        float colW = (w - 34) / cols;
        for (int i = 0; i < names.size(); i++) {
            float lx = x + 34 + (i % cols) * colW;
            float ly = baseline - (i / cols) * 11;
            float[] c = PALETTE[i % PALETTE.length];
            if (lines) {
                stroke(c, 1.6f, DASHES[i % DASHES.length]);
                out.moveTo(lx, ly + 2.5f);
                out.lineTo(lx + 16, ly + 2.5f);
                out.stroke();
            } else {
                out.setNonStrokingColor(c[0], c[1], c[2]);
                out.addRect(lx + 4, ly - 1, 8, 8);
                out.fill();
            }
            doc.show(doc.regular, LABEL, names.get(i), lx + 20, ly, INK);
        }
    }

    private void stroke(float[] rgb, float width, float[] dash) throws IOException {
        out.setStrokingColor(rgb[0], rgb[1], rgb[2]);
        out.setLineWidth(width);
        out.setLineDashPattern(dash, 0);
    }

    /** A tidy axis step giving 4–8 ticks. */
    static double step(double max) {
        if (max <= 0) {
            return 1;
        }
        double raw = max / 5;
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (raw <= m * mag) {
                return m * mag;
            }
        }
        return 10 * mag;
    }

    private static String tick(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
