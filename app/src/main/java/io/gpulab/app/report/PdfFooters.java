package io.gpulab.app.report;

import java.io.IOException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;

/**
 * "page N / M", the running title and under it what the report is (a simulation, or a cluster observed) at the foot
 * of every page, drawn once the page count is known.
 */
final class PdfFooters {

    private PdfFooters() {
    }

    static void draw(PDDocument doc, PDRectangle size, PDFont regular, String runningTitle, String limits)
            throws IOException {
        float margin = PdfDoc.MARGIN;
        float small = PdfDoc.SMALL;
        float[] muted = PdfDoc.MUTED;
        int n = doc.getNumberOfPages();
        for (int i = 0; i < n; i++) {
            try (PDPageContentStream f = new PDPageContentStream(doc, doc.getPage(i),
                    PDPageContentStream.AppendMode.APPEND, true, true)) {
                String page = "page " + (i + 1) + " / " + n;
                f.setStrokingColor(0.85f, 0.87f, 0.9f);
                f.setLineWidth(0.5f);
                f.moveTo(margin, margin - 8);
                f.lineTo(size.getWidth() - margin, margin - 8);
                f.stroke();
                f.beginText();
                f.setFont(regular, small);
                f.setNonStrokingColor(muted[0], muted[1], muted[2]);
                f.newLineAtOffset(margin, margin - 20);
                f.showText(PdfText.clean(runningTitle));
                f.endText();
                if (!limits.isEmpty()) {
                    f.beginText();
                    f.setFont(regular, small);
                    f.newLineAtOffset(margin, margin - 30);
                    f.showText(PdfText.clean(limits));
                    f.endText();
                }
                f.beginText();
                f.setFont(regular, small);
                f.newLineAtOffset(size.getWidth() - margin - regular.getStringWidth(page) / 1000 * small,
                        margin - 20);
                f.showText(page);
                f.endText();
            }
        }
    }
}
