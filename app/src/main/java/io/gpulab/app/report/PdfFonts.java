package io.gpulab.app.report;

import java.io.IOException;
import java.io.InputStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/** The report's three faces: the bundled DejaVu fonts embedded, or PDF's standard fonts where they are missing. */
record PdfFonts(PDFont regular, PDFont bold, PDFont mono) {

    static PdfFonts load(PDDocument doc) throws IOException {
        return new PdfFonts(font(doc, "DejaVuSans.ttf", Standard14Fonts.FontName.HELVETICA),
                font(doc, "DejaVuSans-Bold.ttf", Standard14Fonts.FontName.HELVETICA_BOLD),
                font(doc, "DejaVuSansMono.ttf", Standard14Fonts.FontName.COURIER));
    }

    private static PDFont font(PDDocument doc, String file, Standard14Fonts.FontName fallback) throws IOException {
        try (InputStream in = PdfFonts.class.getClassLoader().getResourceAsStream("gpulab/fonts/" + file)) {
            return in == null ? new PDType1Font(fallback) : PDType0Font.load(doc, in);
        }
    }
}
