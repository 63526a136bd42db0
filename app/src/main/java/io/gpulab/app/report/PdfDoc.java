package io.gpulab.app.report;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceRGB;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

/**
 * A top-to-bottom A4 writer for reports that stand on their own: wrapped text and table cells (nothing is
 * cut), no text below {@link #MIN_SIZE} points, and "page N / M" with a running title on every page.
 * Vector drawings go into the page through {@link #canvas(float)}, chart pictures through {@link #images}.
 */
public final class PdfDoc implements AutoCloseable {

    /** The smallest type anywhere in a report: readable on paper. */
    /**
     * gpulab's PDFs: their Creator ({@code gpulab VERSION}) is in the document information, which {@link #save}
     * writes as the second object, near the start of the file; such a file is replaced without {@code --force}.
     */
    public static final io.gpulab.engine.output.OutputKind KIND = io.gpulab.engine.output.OutputKind.of(
            "PDF report", "/Creator (gpulab");
    public static final float MIN_SIZE = 7f;
    static final float MARGIN = 50;
    static final float BODY = 9.5f;
    static final float SMALL = 8f;
    private static final float[] INK = {0.12f, 0.16f, 0.2f};
    /** Where text after a tag starts: past "NOT RUN" in bold body type, so PASS, FAIL and NOT RUN lines align. */
    private static final float TAG_WIDTH = 60;
    private static final float[] MUTED = {0.38f, 0.42f, 0.47f};

    final PDFont regular;
    final PDFont bold;
    final PDFont mono;
    private final PDDocument doc;
    private final PDRectangle size = PDRectangle.A4;
    private final String runningTitle;
    private PDPageContentStream out;
    private float y;

    /** @param runningTitle printed at the foot of every page beside the page number */
    public PdfDoc(PDDocument doc, String runningTitle) throws IOException {
        this.doc = doc;
        this.runningTitle = runningTitle;
        regular = font(doc, "DejaVuSans.ttf", Standard14Fonts.FontName.HELVETICA);
        bold = font(doc, "DejaVuSans-Bold.ttf", Standard14Fonts.FontName.HELVETICA_BOLD);
        mono = font(doc, "DejaVuSansMono.ttf", Standard14Fonts.FontName.COURIER);
        newPage();
    }

    private static PDFont font(PDDocument doc, String file, Standard14Fonts.FontName fallback) throws IOException {
        try (InputStream in = PdfDoc.class.getClassLoader().getResourceAsStream("gpulab/fonts/" + file)) {
            return in == null ? new PDType1Font(fallback) : PDType0Font.load(doc, in);
        }
    }

    public float width() {
        return size.getWidth() - 2 * MARGIN;
    }

    float left() {
        return MARGIN;
    }

    /** Space left on this page above the footer. */
    public float remaining() {
        return y - MARGIN - 14;
    }

    public void newPage() throws IOException {
        if (out != null) {
            out.close();
        }
        PDPage page = new PDPage(size);
        doc.addPage(page);
        out = new PDPageContentStream(doc, page);
        y = size.getHeight() - MARGIN;
    }

    /** Starts a new page unless {@code h} points fit on this one. */
    public void need(float h) throws IOException {
        if (remaining() < h) {
            newPage();
        }
    }

    public void title(String text) throws IOException {
        paragraph(bold, 20, text, 0, INK, 6);
        y -= 4;
    }

    public void heading(String text) throws IOException {
        need(60);
        y -= 8;
        paragraph(bold, 14, text, 0, INK, 4);
        y -= 2;
    }

    public void subheading(String text) throws IOException {
        need(40);
        y -= 4;
        paragraph(bold, 10.5f, text, 0, INK, 3);
    }

    public void text(String text) throws IOException {
        paragraph(regular, BODY, text, 0, INK, 3);
        y -= 3;
    }

    public void muted(String text) throws IOException {
        paragraph(regular, SMALL, text, 0, MUTED, 2.5f);
        y -= 2;
    }

    /** A bulleted paragraph, wrapped under its own indent. */
    public void bullet(String text) throws IOException {
        List<String> lines = PdfText.wrap(text, regular, BODY, width() - 14);
        need(BODY + 4);
        show(regular, BODY, "•", MARGIN + 3, y - BODY, INK);
        for (String l : lines) {
            need(BODY + 3);
            show(regular, BODY, l, MARGIN + 14, y - BODY, INK);
            y -= BODY + 3;
        }
        y -= 2;
    }

    /** Emphasised key sentence: bold, with a coloured bar at the left. */
    public void answer(String text) throws IOException {
        List<String> lines = PdfText.wrap(text, bold, 10.5f, width() - 14);
        float h = lines.size() * 14.5f;
        need(h + 6);
        out.setNonStrokingColor(0.18f, 0.45f, 0.7f);
        out.addRect(MARGIN, y - h, 3, h);
        out.fill();
        for (String l : lines) {
            show(bold, 10.5f, l, MARGIN + 12, y - 11, INK);
            y -= 14.5f;
        }
        y -= 6;
    }

    /** A coloured tag (PASS / FAIL / ...) and wrapped text after it. */
    public void tagged(String tag, boolean good, String text) throws IOException {
        tagged(tag, good ? new float[] {0.1f, 0.5f, 0.28f} : new float[] {0.75f, 0.18f, 0.18f}, text);
    }

    /** A grey tag (NOT RUN: neither good nor bad) and wrapped text after it. */
    public void taggedMuted(String tag, String text) throws IOException {
        tagged(tag, MUTED, text);
    }

    private void tagged(String tag, float[] c, String text) throws IOException {
        // the text starts past the widest tag, "NOT RUN", with a gap
        float indent = Math.max(TAG_WIDTH, bold.getStringWidth(tag) / 1000 * BODY + 8);
        List<String> lines = PdfText.wrap(text, regular, BODY, width() - indent);
        need(Math.min(lines.size(), 3) * (BODY + 3) + 2);
        show(bold, BODY, tag, MARGIN, y - BODY, c);
        for (String l : lines) {
            need(BODY + 3);
            show(regular, BODY, l, MARGIN + indent, y - BODY, INK);
            y -= BODY + 3;
        }
        y -= 2;
    }

    /** Monospaced lines, hard-wrapped at the page width (a line never runs off the page). */
    public void mono(String text, float size, float indent) throws IOException {
        float cw = mono.getStringWidth("M") / 1000 * size;
        int cols = Math.max(10, (int) ((width() - indent) / cw));
        for (String raw : PdfText.clean(text).split("\n", -1)) {
            String line = raw;
            do {
                int cut = cols;
                if (line.length() > cols) {
                    int space = line.lastIndexOf(' ', cols);
                    cut = space > cols / 2 ? space + 1 : cols;   // break between words where one is near
                }
                String part = line.length() > cols ? line.substring(0, cut) : line;
                line = line.length() > cols ? "  " + line.substring(cut) : "";
                need(size + 2.5f);
                show(mono, size, part, MARGIN + indent, y - size, MUTED);
                y -= size + 2.5f;
            } while (!line.isEmpty());
        }
    }

    /**
     * A table: bold header row on a tint, cells wrapped to their column (rows grow, nothing is cut). Column
     * widths come from the content: every column is at least as wide as its longest word, and the rest of the
     * page width goes where the text is longest. A row never splits across pages; the header repeats.
     */
    public void table(List<String> header, List<List<String>> rows) throws IOException {
        float size = SMALL;
        float lead = size + 2.5f;
        float[] widths = PdfColumns.widths(header, rows, bold, regular, size, width());
        List<List<List<String>>> wrapped = new ArrayList<>();
        for (List<String> r : rows) {
            wrapped.add(cells(r, widths, regular, size));
        }
        List<List<String>> head = cells(header, widths, bold, size);
        float headH = rowHeight(head, lead);
        need(headH + (wrapped.isEmpty() ? 0 : rowHeight(wrapped.get(0), lead)));
        row(head, widths, bold, size, lead, true);
        for (List<List<String>> r : wrapped) {
            float h = rowHeight(r, lead);
            if (remaining() < h) {
                newPage();
                row(head, widths, bold, size, lead, true);
            }
            row(r, widths, regular, size, lead, false);
        }
        y -= 6;
    }

    private List<List<String>> cells(List<String> r, float[] widths, PDFont font, float size) throws IOException {
        List<List<String>> out = new ArrayList<>();
        for (int i = 0; i < widths.length; i++) {
            String t = i < r.size() ? r.get(i) : "";
            out.add(PdfText.wrap(t, font, size, widths[i] * width() - 6));
        }
        return out;
    }

    private static float rowHeight(List<List<String>> cells, float lead) {
        int lines = 1;
        for (List<String> c : cells) {
            lines = Math.max(lines, c.size());
        }
        return lines * lead + 4;
    }

    private void row(List<List<String>> cells, float[] widths, PDFont font, float size, float lead, boolean header)
            throws IOException {
        float h = rowHeight(cells, lead);
        if (header) {
            out.setNonStrokingColor(0.92f, 0.94f, 0.96f);
            out.addRect(MARGIN, y - h, width(), h);
            out.fill();
        }
        float x = MARGIN + 3;
        for (int i = 0; i < cells.size(); i++) {
            float ly = y - size - 1.5f;
            for (String l : cells.get(i)) {
                show(font, size, l, x, ly, INK);
                ly -= lead;
            }
            x += widths[i] * width();
        }
        out.setStrokingColor(0.85f, 0.87f, 0.9f);
        out.setLineWidth(0.4f);
        out.moveTo(MARGIN, y - h);
        out.lineTo(MARGIN + width(), y - h);
        out.stroke();
        y -= h;
    }

    /** Reserves {@code h} points (on a new page if needed) and returns where to draw: the box's bottom-left. */
    public DiagramBox diagramBox(float h) throws IOException {
        need(h);
        DiagramBox c = new DiagramBox(this, out, MARGIN, y - h, width(), h);
        y -= h + 6;
        return c;
    }

    /** Gap between pictures placed side by side. */
    public static final float GAP = 16;

    /**
     * Saves without object streams: the document information (title, Creator) stays readable as the file's second
     * object, where {@link #KIND} finds it; page contents, fonts and images are compressed as before.
     */
    public static void save(PDDocument doc, java.io.OutputStream out) throws IOException {
        doc.save(out, org.apache.pdfbox.pdfwriter.compress.CompressParameters.NO_COMPRESSION);
    }

    /**
     * Pictures side by side at their size in points (a new page if they do not fit here), lossless, each tagged
     * with {@link #CHART_KEY} naming the chart that drew it.
     */
    public void images(List<ChartImage> row) throws IOException {
        float h = 0;
        for (ChartImage i : row) {
            h = Math.max(h, i.heightPt());
        }
        need(h);
        float x = MARGIN;
        for (ChartImage i : row) {
            PDImageXObject img = rgbImage(i);
            img.getCOSObject().setString(CHART_KEY, i.chart());
            out.drawImage(img, x, y - i.heightPt(), i.widthPt(), i.heightPt());
            x += i.widthPt() + GAP;
        }
        y -= h + 6;
    }

    /**
     * Opaque pixels as an RGB image, Flate-compressed without PNG predictors: charts are mostly flat colour and
     * white, which plain Deflate packs well, while choosing a predictor per row (PDFBox's LosslessFactory)
     * cost most of the report's rendering time.
     */
    private PDImageXObject rgbImage(ChartImage image) throws IOException {
        int w = image.pixelWidth();
        int h = image.pixelHeight();
        int[] argb = image.argb();
        byte[] rgb = new byte[w * h * 3];
        for (int i = 0, o = 0; i < argb.length; i++) {
            int p = argb[i];
            rgb[o++] = (byte) (p >> 16);
            rgb[o++] = (byte) (p >> 8);
            rgb[o++] = (byte) p;
        }
        ByteArrayOutputStream packed = new ByteArrayOutputStream(rgb.length / 8);
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try (DeflaterOutputStream z = new DeflaterOutputStream(packed, deflater, 1 << 16)) {
            z.write(rgb);
        } finally {
            deflater.end();
        }
        return new PDImageXObject(doc, new ByteArrayInputStream(packed.toByteArray()), COSName.FLATE_DECODE, w, h, 8,
                PDDeviceRGB.INSTANCE);
    }

    /** The key of a picture's dictionary that names the chart it shows (a Plan view chart id). */
    public static final String CHART_KEY = "GpulabChart";

    public void space(float h) {
        y -= h;
    }

    private void paragraph(PDFont font, float size, String text, float indent, float[] rgb, float gap)
            throws IOException {
        for (String l : PdfText.wrap(text, font, size, width() - indent)) {
            need(size + gap);
            show(font, size, l, MARGIN + indent, y - size, rgb);
            y -= size + gap;
        }
    }

    void show(PDFont font, float size, String text, float x, float baseline, float[] rgb) throws IOException {
        if (size < MIN_SIZE) {
            throw new IllegalArgumentException("text below " + MIN_SIZE + " pt: " + size);
        }
        out.beginText();
        out.setFont(font, size);
        out.setNonStrokingColor(rgb[0], rgb[1], rgb[2]);
        out.newLineAtOffset(x, baseline);
        out.showText(PdfText.clean(text));
        out.endText();
    }

    float textWidth(PDFont font, float size, String text) throws IOException {
        return font.getStringWidth(PdfText.clean(text)) / 1000 * size;
    }

    /** Draws "page N / M" and the running title on every page; call once, after the last content. */
    void footers() throws IOException {
        out.close();
        out = null;
        int n = doc.getNumberOfPages();
        for (int i = 0; i < n; i++) {
            try (PDPageContentStream f = new PDPageContentStream(doc, doc.getPage(i),
                    PDPageContentStream.AppendMode.APPEND, true, true)) {
                String page = "page " + (i + 1) + " / " + n;
                f.setStrokingColor(0.85f, 0.87f, 0.9f);
                f.setLineWidth(0.5f);
                f.moveTo(MARGIN, MARGIN - 8);
                f.lineTo(size.getWidth() - MARGIN, MARGIN - 8);
                f.stroke();
                f.beginText();
                f.setFont(regular, SMALL);
                f.setNonStrokingColor(MUTED[0], MUTED[1], MUTED[2]);
                f.newLineAtOffset(MARGIN, MARGIN - 20);
                f.showText(PdfText.clean(runningTitle));
                f.endText();
                f.beginText();
                f.setFont(regular, SMALL);
                f.newLineAtOffset(size.getWidth() - MARGIN - regular.getStringWidth(page) / 1000 * SMALL,
                        MARGIN - 20);
                f.showText(page);
                f.endText();
            }
        }
    }

    @Override
    public void close() throws IOException {
        if (out != null) {
            footers();
        }
    }
}
