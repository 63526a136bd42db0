package io.gpulab.app.gui.export;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

/** A top-to-bottom text and table writer over PDFBox pages, starting a new page when one is full. */
final class PdfPages implements AutoCloseable {

    static final float MARGIN = 48;
    private final PDFont regular;
    private final PDFont bold;
    private final PDFont mono;

    private final PDDocument doc;
    private final PDRectangle size = PDRectangle.A4;
    private PDPageContentStream out;
    private float y;

    PdfPages(PDDocument doc) throws IOException {
        this.doc = doc;
        regular = font(doc, "DejaVuSans.ttf", Standard14Fonts.FontName.HELVETICA);
        bold = font(doc, "DejaVuSans-Bold.ttf", Standard14Fonts.FontName.HELVETICA_BOLD);
        mono = font(doc, "DejaVuSansMono.ttf", Standard14Fonts.FontName.COURIER);
        newPage();
    }

    /** The DejaVu fonts shipped in assets (embedded, subset), or a standard font if they are missing. */
    private static PDFont font(PDDocument doc, String file, Standard14Fonts.FontName fallback) throws IOException {
        try (InputStream in = PdfPages.class.getClassLoader().getResourceAsStream("gpulab/fonts/" + file)) {
            return in == null ? new PDType1Font(fallback) : PDType0Font.load(doc, in);
        }
    }

    float width() {
        return size.getWidth() - 2 * MARGIN;
    }

    void newPage() throws IOException {
        if (out != null) {
            out.close();
        }
        PDPage page = new PDPage(size);
        doc.addPage(page);
        out = new PDPageContentStream(doc, page);
        y = size.getHeight() - MARGIN;
    }

    void heading(String text) throws IOException {
        need(40);
        y -= 10;
        line(bold, 14, text, 0, 0.12f, 0.16f, 0.2f);
        y -= 4;
    }

    void subheading(String text) throws IOException {
        need(30);
        y -= 4;
        line(bold, 10.5f, text, 0, 0.12f, 0.16f, 0.2f);
    }

    void text(String text) throws IOException {
        for (String l : wrap(text, regular, 10, width())) {
            line(regular, 10, l, 0, 0.12f, 0.16f, 0.2f);
        }
    }

    void mono(String text, float indent) throws IOException {
        for (String l : wrap(text, mono, 8, width() - indent)) {
            line(mono, 8, l, indent, 0.3f, 0.35f, 0.4f);
        }
    }

    /** A status line: a coloured PASS/FAIL tag, then the text. */
    void tagged(String tag, boolean good, String text) throws IOException {
        need(14);
        out.beginText();
        out.setFont(bold, 10);
        if (good) {
            out.setNonStrokingColor(0.18f, 0.62f, 0.36f);
        } else {
            out.setNonStrokingColor(0.81f, 0.23f, 0.23f);
        }
        out.newLineAtOffset(MARGIN, y - 10);
        out.showText(clean(tag));
        out.endText();
        List<String> lines = wrap(text, regular, 10, width() - 44);
        for (String l : lines) {
            line(regular, 10, l, 44, 0.12f, 0.16f, 0.2f);
        }
    }

    /** A table with a bold header row; column widths as fractions of the page width. */
    void table(List<String> header, List<List<String>> rows, float[] widths) throws IOException {
        row(header, widths, bold, true);
        for (List<String> r : rows) {
            row(r, widths, regular, false);
        }
        y -= 6;
    }

    void image(PDImageXObject img, float maxHeight) throws IOException {
        float w = width();
        float h = img.getHeight() * w / img.getWidth();
        if (h > maxHeight) {
            w = w * maxHeight / h;
            h = maxHeight;
        }
        need(h + 8);
        out.drawImage(img, MARGIN, y - h, w, h);
        y -= h + 8;
    }

    float remaining() {
        return y - MARGIN;
    }

    private void row(List<String> cells, float[] widths, PDFont font, boolean header) throws IOException {
        need(14);
        if (header) {
            out.setNonStrokingColor(0.93f, 0.95f, 0.97f);
            out.addRect(MARGIN, y - 12, width(), 13);
            out.fill();
        }
        float x = MARGIN + 2;
        for (int i = 0; i < cells.size() && i < widths.length; i++) {
            float cw = widths[i] * width();
            String t = fit(clean(cells.get(i)), font, 8, cw - 4);
            out.beginText();
            out.setFont(font, 8);
            out.setNonStrokingColor(0.12f, 0.16f, 0.2f);
            out.newLineAtOffset(x, y - 9);
            out.showText(t);
            out.endText();
            x += cw;
        }
        y -= 13;
    }

    private void line(PDFont font, float size, String text, float indent, float r, float g, float b)
            throws IOException {
        need(size + 4);
        out.beginText();
        out.setFont(font, size);
        out.setNonStrokingColor(r, g, b);
        out.newLineAtOffset(MARGIN + indent, y - size);
        out.showText(clean(text));
        out.endText();
        y -= size + 4;
    }

    private void need(float h) throws IOException {
        if (y - h < MARGIN) {
            newPage();
        }
    }

    private static String fit(String t, PDFont font, float size, float width) throws IOException {
        String s = t;
        while (!s.isEmpty() && font.getStringWidth(s) / 1000 * size > width) {
            s = s.substring(0, s.length() - 1);
        }
        return s.length() < t.length() && s.length() > 1 ? s.substring(0, s.length() - 1) + "…" : s;
    }

    private static List<String> wrap(String text, PDFont font, float size, float width) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String para : clean(text).split("\n")) {
            StringBuilder cur = new StringBuilder();
            for (String word : para.split(" ")) {
                String next = cur.length() == 0 ? word : cur + " " + word;
                if (font.getStringWidth(next) / 1000 * size > width && cur.length() > 0) {
                    lines.add(cur.toString());
                    cur = new StringBuilder(word);
                } else {
                    cur = new StringBuilder(next);
                }
            }
            lines.add(cur.toString());
        }
        return lines;
    }

    /** Control characters cannot be shown; outside Latin-1 only what DejaVu has and we print is kept. */
    static String clean(String s) {
        String t = s.replace('\t', ' ').replace('\r', ' ').replace('⚠', '!');
        StringBuilder b = new StringBuilder(t.length());
        for (char c : t.toCharArray()) {
            b.append(c == '\n' || (c >= 32 && c < 127) || (c >= 160 && c <= 255) || "→·—×…%".indexOf(c) >= 0 ? c : '?');
        }
        return b.toString();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
