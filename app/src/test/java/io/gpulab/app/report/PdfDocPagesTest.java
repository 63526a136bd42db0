package io.gpulab.app.report;

import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A page read alone: a list that breaks says where it continues, and a page named in the text is the right one. */
class PdfDocPagesTest {

    @Test
    void aListThatBreaksSaysWhereItContinuesAndAPageReferenceFollowsTheLayout(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("p.pdf");
        try (PDDocument doc = new PDDocument()) {
            doc.getDocumentInformation().setCreator("gpulab test");
            try (PdfDoc pdf = new PdfDoc(doc, "a report")) {
                pdf.heading("What was checked");
                pdf.continues("What was checked");
                for (int i = 1; i <= 80; i++) {
                    pdf.tagged("PASS", true, "check " + i);
                }
                pdf.continues(null);
                pdf.textWithPageOf("Its limits are on %PAGE%.", "Assumptions and limits");
                pdf.newPage();
                pdf.heading("Assumptions and limits");
            }
            doc.save(file.toFile());
        }
        List<String> pages = PdfChecks.pages(file);
        assertEquals(3, pages.size());
        assertTrue(pages.get(0).contains("continued on page 2"), pages.get(0));
        assertTrue(pages.get(1).trim().startsWith("What was checked (continued from page 1)"), pages.get(1));
        assertFalse(pages.get(1).contains("continued on page"), pages.get(1));
        // written on page 2 before the heading existed, it names the page the heading landed on
        assertTrue(pages.get(1).contains("Its limits are on page 3."), pages.get(1));
        assertTrue(pages.get(2).trim().startsWith("Assumptions and limits"), pages.get(2));
    }
}
