package io.gpulab.app.report;

import java.io.IOException;
import org.apache.pdfbox.pdmodel.PDPageContentStream;

/**
 * A box reserved on a report page for vector drawing (the lab diagram of the scenario report): rectangles and
 * text in box coordinates, crisp at any zoom, text at least {@link PdfDoc#MIN_SIZE}. The decision report's charts
 * are pictures of the Plan view's own charts instead ({@link PlanChartSource}).
 */
public final class DiagramBox {

    private final PdfDoc doc;
    private final PDPageContentStream out;
    private final float x;
    private final float y;
    private final float w;
    private final float h;

    DiagramBox(PdfDoc doc, PDPageContentStream out, float x, float y, float w, float h) {
        this.doc = doc;
        this.out = out;
        this.x = x;
        this.y = y;
        this.w = w;
        this.h = h;
    }

    /** A light frame around the whole box, filled with grey {@code fill}. */
    void frame(float fill) throws IOException {
        rect(0, 0, w, h, new float[] {fill, fill, fill}, new float[] {0.85f, 0.87f, 0.9f});
    }

    /** A rectangle in box coordinates (origin bottom-left); either colour may be null. */
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

    /** Text at a baseline in box coordinates. */
    void text(org.apache.pdfbox.pdmodel.font.PDFont font, float size, String s, float tx, float ty, float[] rgb)
            throws IOException {
        doc.show(font, size, s, x + tx, y + ty, rgb);
    }
}
