package io.gpulab.app.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.font.PDFont;

/** Text for the report fonts: what they can show, and wrapping that never cuts a word off. */
final class PdfText {

    private PdfText() {
    }

    /** Word-wrapped lines; a word longer than the width is broken (never cut). */
    static List<String> wrap(String text, PDFont font, float size, float width) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String para : clean(text).split("\n", -1)) {
            StringBuilder cur = new StringBuilder();
            for (String word : words(para)) {
                String w = word;
                while (font.getStringWidth(w) / 1000 * size > width && w.length() > 1) {
                    // a word wider than the column: break it where it stops fitting
                    if (cur.length() > 0) {
                        lines.add(cur.toString());
                        cur = new StringBuilder();
                    }
                    int k = w.length() - 1;
                    while (k > 1 && font.getStringWidth(w.substring(0, k)) / 1000 * size > width) {
                        k--;
                    }
                    lines.add(w.substring(0, k));
                    w = w.substring(k);
                }
                String next = cur.length() == 0 ? w : cur + " " + w;
                if (font.getStringWidth(next) / 1000 * size > width && cur.length() > 0) {
                    lines.add(cur.toString());
                    cur = new StringBuilder(w);
                } else {
                    cur = new StringBuilder(next);
                }
            }
            lines.add(cur.toString());
        }
        return lines;
    }

    /**
     * The paragraph's words, a "%" kept with the number before it: a line never starts with "% of compute" or
     * "%)" with its number at the end of the line above ("0.0" / "% of compute" on page 1 of a decision report).
     */
    private static List<String> words(String para) {
        List<String> out = new ArrayList<>();
        for (String w : para.split(" ")) {
            if (w.startsWith("%") && !out.isEmpty() && !out.get(out.size() - 1).isEmpty()) {
                out.set(out.size() - 1, out.get(out.size() - 1) + " " + w);
            } else {
                out.add(w);
            }
        }
        return out;
    }

    /** What the embedded DejaVu fonts can show; anything else becomes '?'. */
    static String clean(String s) {
        String t = s.replace('\t', ' ').replace('\r', ' ').replace('⚠', '!');
        StringBuilder b = new StringBuilder(t.length());
        for (char c : t.toCharArray()) {
            boolean shown = c == '\n' || (c >= 32 && c < 127) || (c >= 160 && c <= 255)
                    || "→·—–×…%•≥≤".indexOf(c) >= 0;
            b.append(shown ? c : '?');
        }
        return b.toString();
    }
}
