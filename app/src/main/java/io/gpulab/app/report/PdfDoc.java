package io.gpulab.app.report;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDEmbeddedFilesNameTreeNode;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;

/**
 * A top-to-bottom A4 writer for reports that stand on their own: wrapped text and table cells (nothing is
 * cut), no text below {@link #MIN_SIZE} points, and "page N / M" with a running title on every page
 * ({@link PdfFooters}). Tables are drawn by {@link PdfTable}, chart pictures by {@link PdfImages}, vector drawings
 * through {@link #diagramBox(float)}; {@link PdfFile} saves the document.
 */
public final class PdfDoc implements AutoCloseable {

    /** The smallest type anywhere in a report: readable on paper. */
    public static final float MIN_SIZE = 7f;
    static final float MARGIN = 50;
    static final float BODY = 9.5f;
    static final float SMALL = 8f;
    static final float[] INK = {0.12f, 0.16f, 0.2f};
    /** Where text after a tag starts: past "NOT RUN" in bold body type, so PASS, FAIL and NOT RUN lines align. */
    private static final float TAG_WIDTH = 60;
    static final float[] MUTED = {0.38f, 0.42f, 0.47f};

    final PDFont regular;
    final PDFont bold;
    final PDFont mono;
    private final PDDocument doc;
    private final PDRectangle size = PDRectangle.A4;
    private final String runningTitle;
    private final String limits;
    private PDPageContentStream out;
    private float y;
    /** The 1-based page each heading first appears on, for {@link #textWithPageOf(String, String)}. */
    private final Map<String, Integer> headingPages = new java.util.HashMap<>();
    /** Lines naming a page not known when they were laid out, drawn at {@link #close()}. */
    private final List<PageRef> pageRefs = new java.util.ArrayList<>();
    /** The section a page break continues (its heading), or null: a break inside it is marked on both pages. */
    private @org.jspecify.annotations.Nullable String continued;

    /** What stands for a page number while a line is laid out: as wide as any page number of a report. */
    private static final String PAGE_SLOT = "page 000";

    private record PageRef(int page, float x, float baseline, float size, float[] rgb, String line, String heading) { }

    /** @param runningTitle printed at the foot of every page beside the page number */
    public PdfDoc(PDDocument doc, String runningTitle) throws IOException {
        this(doc, runningTitle, "");
    }

    /**
     * @param runningTitle printed at the foot of every page beside the page number
     * @param limits       printed under it on every page (what the report is: a page read alone still says so)
     */
    public PdfDoc(PDDocument doc, String runningTitle, String limits) throws IOException {
        this.doc = doc;
        this.runningTitle = runningTitle;
        this.limits = limits;
        PdfFonts fonts = PdfFonts.load(doc);
        regular = fonts.regular();
        bold = fonts.bold();
        mono = fonts.mono();
        newPage();
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
        continued = null;   // a section ends where its writer starts a page
        openPage();
    }

    /** The 1-based number of the page being written. */
    public int page() {
        return doc.getNumberOfPages();
    }

    /**
     * Marks the section under {@code heading} as continued when it breaks across pages: "continued on page N" at the
     * foot of the page it leaves and "HEADING (continued from page N)" at the top of the next, so a page read alone
     * does not end mid-list as if the list were whole. Ends at {@link #newPage()} or the next call.
     */
    public void continues(@org.jspecify.annotations.Nullable String heading) {
        continued = heading;
    }

    private void openPage() throws IOException {
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
            String section = continued;
            if (section == null) {
                newPage();
                return;
            }
            int from = page();
            // under the last line, above the footer's rule
            show(regular, SMALL, "continued on page " + (from + 1), MARGIN, MARGIN + 2, MUTED);
            openPage();
            show(regular, SMALL, section + " (continued from page " + from + ")", MARGIN, y - SMALL, MUTED);
            y -= SMALL + 6;
        }
    }

    public void title(String text) throws IOException {
        paragraph(bold, 20, text, 0, INK, 6);
        y -= 4;
    }

    public void heading(String text) throws IOException {
        continued = null;   // a heading ends the section before it: its page break is no continuation
        need(60);
        y -= 8;
        paragraph(bold, 14, text, 0, INK, 4);
        headingPages.putIfAbsent(text, page());
        y -= 2;
    }

    /**
     * A paragraph kept on one page that names the page of a heading written later or earlier: {@code text} holds
     * {@code %PAGE%} once, printed "page N" once the whole report is laid out ("page 2" was printed where a long
     * first page had pushed the limits to page 3).
     */
    public void textWithPageOf(String text, String heading) throws IOException {
        List<String> lines = PdfText.wrap(text.replace("%PAGE%", PAGE_SLOT), regular, BODY, width());
        need(lines.size() * (BODY + 3));
        for (String l : lines) {
            if (l.contains(PAGE_SLOT)) {
                pageRefs.add(new PageRef(page() - 1, MARGIN, y - BODY, BODY, INK, l, heading));
            } else {
                show(regular, BODY, l, MARGIN, y - BODY, INK);
            }
            y -= BODY + 3;
        }
        y -= 3;
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

    /** The height {@link #text(String)} takes for this text, to keep a paragraph together with its heading. */
    public float textHeight(String text) throws IOException {
        return PdfText.wrap(text, regular, BODY, width()).size() * (BODY + 3) + 3;
    }

    /** As {@link #textWithPageOf(String, String)}, in the small grey type of {@link #muted(String)}. */
    public void mutedWithPageOf(String text, String heading) throws IOException {
        List<String> lines = PdfText.wrap(text.replace("%PAGE%", PAGE_SLOT), regular, SMALL, width());
        need(lines.size() * (SMALL + 2.5f));
        for (String l : lines) {
            if (l.contains(PAGE_SLOT)) {
                pageRefs.add(new PageRef(page() - 1, MARGIN, y - SMALL, SMALL, MUTED, l, heading));
            } else {
                show(regular, SMALL, l, MARGIN, y - SMALL, MUTED);
            }
            y -= SMALL + 2.5f;
        }
        y -= 2;
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
     * A table: bold header row on a tint, cells wrapped to their column (rows grow, nothing is cut); see
     * {@link PdfTable}.
     */
    public void table(List<String> header, List<List<String>> rows) throws IOException {
        PdfTable.draw(this, header, rows);
    }

    /** Pictures side by side at their size in points (a new page if they do not fit here); see {@link PdfImages}. */
    public void images(List<ChartImage> row) throws IOException {
        PdfImages.place(this, doc, row);
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

    /** The page being written (for {@link PdfTable} and {@link PdfImages}). */
    PDPageContentStream stream() {
        return out;
    }

    /**
     * Attaches a file to the document, byte for byte (a viewer's attachments pane, {@code pdfdetach -saveall}): the
     * printed copy of a file wraps its long lines, so only the attached bytes have the SHA-256 the report prints.
     */
    public void attach(String fileName, byte[] bytes, String mimeType, String description) throws IOException {
        PDEmbeddedFile file = new PDEmbeddedFile(doc, new ByteArrayInputStream(bytes));
        file.setSubtype(mimeType);
        file.setSize(bytes.length);
        PDComplexFileSpecification spec = new PDComplexFileSpecification();
        spec.setFile(fileName);
        spec.setFileUnicode(fileName);
        spec.setEmbeddedFile(file);
        spec.setEmbeddedFileUnicode(file);
        spec.setFileDescription(description);
        PDEmbeddedFilesNameTreeNode tree = new PDEmbeddedFilesNameTreeNode();
        tree.setNames(Map.of(fileName, spec));
        PDDocumentNameDictionary names = new PDDocumentNameDictionary(doc.getDocumentCatalog());
        names.setEmbeddedFiles(tree);
        doc.getDocumentCatalog().setNames(names);
    }

    /** Where the next content starts, in points from the page's foot. */
    float y() {
        return y;
    }

    /** Draws the footers on every page; call once, after the last content. */
    @Override
    public void close() throws IOException {
        if (out != null) {
            out.close();
            out = null;
            for (PageRef r : pageRefs) {
                Integer at = headingPages.get(r.heading());
                if (at == null) {
                    throw new IllegalStateException("no heading '" + r.heading() + "' for: " + r.line());
                }
                try (PDPageContentStream f = new PDPageContentStream(doc, doc.getPage(r.page()),
                        PDPageContentStream.AppendMode.APPEND, true, true)) {
                    f.beginText();
                    f.setFont(regular, r.size());
                    f.setNonStrokingColor(r.rgb()[0], r.rgb()[1], r.rgb()[2]);
                    f.newLineAtOffset(r.x(), r.baseline());
                    f.showText(PdfText.clean(r.line().replace(PAGE_SLOT, "page " + at)));
                    f.endText();
                }
            }
            PdfFooters.draw(doc, size, regular, runningTitle, limits);
        }
    }
}
