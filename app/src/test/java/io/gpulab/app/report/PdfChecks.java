package io.gpulab.app.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a reviewer checks on any gpulab report: readable type, page numbers, nothing cut off, and text that copies as
 * it reads (no ligature glyph: a copied hash or reason code must equal the one printed).
 */
final class PdfChecks {

    private PdfChecks() {
    }

    /** The files attached to the document, by name, byte for byte. */
    static java.util.Map<String, byte[]> attachments(Path pdf) throws IOException {
        java.util.Map<String, byte[]> out = new java.util.TreeMap<>();
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            var names = doc.getDocumentCatalog().getNames();
            if (names != null && names.getEmbeddedFiles() != null && names.getEmbeddedFiles().getNames() != null) {
                for (var e : names.getEmbeddedFiles().getNames().entrySet()) {
                    out.put(e.getKey(), e.getValue().getEmbeddedFile().toByteArray());
                }
            }
        }
        return out;
    }

    /** The text of every page, after asserting the house rules on the whole document. */
    static List<String> pages(Path pdf) throws IOException {
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            float[] smallest = {Float.MAX_VALUE};
            String[] where = {""};
            List<String> ligatures = new ArrayList<>();
            PDFTextStripper stripper = new PDFTextStripper() {
                @Override
                protected void writeString(String text, List<TextPosition> positions) throws IOException {
                    for (TextPosition p : positions) {
                        // the glyph's own text, before PDFTextStripper folds ligatures back into letters
                        if (p.getUnicode().chars().anyMatch(c -> c >= 0xFB00 && c <= 0xFB06)) {
                            ligatures.add(text);
                        }
                        // the size on the page: the font size times the text rendering matrix (text and CTM)
                        float size = p.getFontSize() * p.getTextMatrix().getScalingFactorY();
                        if (size < smallest[0] && !p.getUnicode().isBlank()) {
                            smallest[0] = size;
                            where[0] = text;
                        }
                    }
                    super.writeString(text, positions);
                }
            };
            List<String> out = new ArrayList<>();
            int n = doc.getNumberOfPages();
            for (int i = 1; i <= n; i++) {
                stripper.setStartPage(i);
                stripper.setEndPage(i);
                String text = stripper.getText(doc);
                assertTrue(text.contains("page " + i + " / " + n), "page " + i + " has no page number \"" + i + " / " + n
                        + "\"");
                assertFalse(text.contains("…"), "page " + i + " cuts text off: " + text);
                out.add(text);
            }
            assertTrue(smallest[0] >= PdfDoc.MIN_SIZE, "text of " + smallest[0] + " pt: " + where[0]);
            assertEquals(List.of(), ligatures, "text set with ligature glyphs copies as other characters");
            assertEquals(n, out.size());
            return out;
        }
    }
}
