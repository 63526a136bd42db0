package io.gpulab.app.report;

import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a report table shares the page width: short cells stay whole while long ones wrap. */
class PdfColumnsTest {

    /** openb-8's robustness table as the decision report drew it (two of its eight rows). */
    private static final List<String> HEADER = List.of("growth", "candidate", "wins",
            "workers (min / median / p90 / max)", "cost per month (min / median / p90 / max)",
            "pods pending (min / median / p90 / max)");
    private static final List<List<String>> ROWS = List.of(
            List.of("0 %", "t4-x4", "0 of 10", "1,600 (every order), fixed", "EUR 2,240,000.00 (every order)",
                    "2,040 / 2,061 / 2,070 / 2,091"),
            List.of("0 %", "a100-min", "10 of 10", "1,062 / 1,107 / 1,723 / 1,763",
                    "EUR 13,168,800.00 / EUR 13,726,800.00 / EUR 21,365,200.00 / EUR 21,861,200.00", "5 (every order)"));

    @Test
    void aShortCellStaysWholeWhileTheLongColumnsWrap() throws Exception {
        try (PDDocument doc = new PDDocument()) {
            PdfFonts f = PdfFonts.load(doc);
            float page = 495.28f;
            float[] w = PdfColumns.widths(HEADER, ROWS, f.bold(), f.regular(), PdfDoc.SMALL, page);
            float sum = 0;
            for (float x : w) {
                sum += x;
            }
            assertEquals(1, sum, 1e-4, "the columns fill the page width");
            // the report read "10 of / 10" with the long cost cells taking the room
            for (List<String> row : ROWS) {
                for (int i : new int[] {0, 1, 2}) {
                    List<String> lines = PdfText.wrap(row.get(i), f.regular(), PdfDoc.SMALL, w[i] * page - 6);
                    assertEquals(List.of(row.get(i)), lines, "column " + HEADER.get(i) + " wrapped");
                }
            }
            List<String> cost = PdfText.wrap(ROWS.get(1).get(4), f.regular(), PdfDoc.SMALL, w[4] * page - 6);
            assertTrue(cost.size() > 1, "the long cost cell wraps instead: " + cost);
        }
    }
}
