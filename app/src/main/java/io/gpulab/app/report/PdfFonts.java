package io.gpulab.app.report;

import java.io.IOException;
import java.io.InputStream;
import org.apache.fontbox.ttf.TTFParser;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * The report's three faces: the bundled DejaVu fonts embedded, or PDF's standard fonts where they are missing. Set
 * letter by letter, without the fonts' ligatures: PDFBox applies a Latin font's GSUB ligatures by itself, and a copied
 * SHA-256 then reads "37cf...747ﬀcd..." (U+FB00), a reason code "CardInsuﬃcientMemory": neither is found by search
 * nor equal to the file's hash.
 */
record PdfFonts(PDFont regular, PDFont bold, PDFont mono) {

    static PdfFonts load(PDDocument doc) throws IOException {
        return new PdfFonts(font(doc, "DejaVuSans.ttf", Standard14Fonts.FontName.HELVETICA),
                font(doc, "DejaVuSans-Bold.ttf", Standard14Fonts.FontName.HELVETICA_BOLD),
                font(doc, "DejaVuSansMono.ttf", Standard14Fonts.FontName.COURIER));
    }

    private static PDFont font(PDDocument doc, String file, Standard14Fonts.FontName fallback) throws IOException {
        try (InputStream in = PdfFonts.class.getClassLoader().getResourceAsStream("gpulab/fonts/" + file)) {
            if (in == null) {
                return new PDType1Font(fallback);
            }
            TrueTypeFont ttf = new TTFParser().parse(new RandomAccessReadBuffer(in));
            ttf.setEnableGsub(false);
            // the font is read while the document is saved: it closes it then
            doc.registerTrueTypeFontForClosing(ttf);
            return PDType0Font.load(doc, ttf, true);
        }
    }
}
