package io.gpulab.app.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDFont;

/**
 * A report table: bold header row on a tint, cells wrapped to their column (rows grow, nothing is cut). Column
 * widths come from the content ({@link PdfColumns}). A row never splits across pages; the header repeats.
 */
final class PdfTable {

    private final PdfDoc pdf;
    private final float size = PdfDoc.SMALL;
    private final float lead = size + 2.5f;

    private PdfTable(PdfDoc pdf) {
        this.pdf = pdf;
    }

    static void draw(PdfDoc pdf, List<String> header, List<List<String>> rows) throws IOException {
        new PdfTable(pdf).draw(header, rows);
    }

    private void draw(List<String> header, List<List<String>> rows) throws IOException {
        float[] widths = PdfColumns.widths(header, rows, pdf.bold, pdf.regular, size, pdf.width());
        List<List<List<String>>> wrapped = new ArrayList<>();
        for (List<String> r : rows) {
            wrapped.add(cells(r, widths, pdf.regular));
        }
        List<List<String>> head = cells(header, widths, pdf.bold);
        float headH = rowHeight(head);
        pdf.need(headH + (wrapped.isEmpty() ? 0 : rowHeight(wrapped.get(0))));
        row(head, widths, pdf.bold, true);
        for (List<List<String>> r : wrapped) {
            float h = rowHeight(r);
            if (pdf.remaining() < h) {
                pdf.need(h);   // a section marked as continuing says so on both pages
                row(head, widths, pdf.bold, true);
            }
            row(r, widths, pdf.regular, false);
        }
        pdf.space(6);
    }

    private List<List<String>> cells(List<String> r, float[] widths, PDFont font) throws IOException {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < widths.length; i++) {
            String t = i < r.size() ? r.get(i) : "";
            out.add(PdfText.wrap(t, font, size, widths[i] * pdf.width() - 6));
        }
        return out;
    }

    private float rowHeight(List<List<String>> cells) {
        int lines = 1;
        for (List<String> c : cells) {
            lines = Math.max(lines, c.size());
        }
        return lines * lead + 4;
    }

    private void row(List<List<String>> cells, float[] widths, PDFont font, boolean header) throws IOException {
        PDPageContentStream out = pdf.stream();
        float h = rowHeight(cells);
        float y = pdf.y();
        if (header) {
            out.setNonStrokingColor(0.92f, 0.94f, 0.96f);
            out.addRect(pdf.left(), y - h, pdf.width(), h);
            out.fill();
        }
        float x = pdf.left() + 3;
        for (int i = 0; i < cells.size(); i++) {
            float ly = y - size - 1.5f;
            for (String l : cells.get(i)) {
                pdf.show(font, size, l, x, ly, PdfDoc.INK);
                ly -= lead;
            }
            x += widths[i] * pdf.width();
        }
        out.setStrokingColor(0.85f, 0.87f, 0.9f);
        out.setLineWidth(0.4f);
        out.moveTo(pdf.left(), y - h);
        out.lineTo(pdf.left() + pdf.width(), y - h);
        out.stroke();
        pdf.space(h);
    }
}
