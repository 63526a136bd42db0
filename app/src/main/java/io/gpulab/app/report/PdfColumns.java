package io.gpulab.app.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.font.PDFont;

/** How a report table shares the page width between its columns, from the text they hold. */
final class PdfColumns {

    private PdfColumns() {
    }

    /** Fractions of the page width: longest word as the floor, the rest shared by how much text is left over. */
    static float[] widths(List<String> header, List<List<String>> rows, PDFont bold, PDFont regular, float size,
                          float total) throws IOException {
        int n = header.size();
        float pad = 8;
        float[] min = new float[n];
        float[] pref = new float[n];
        List<List<String>> all = new ArrayList<>(rows);
        all.add(0, header);
        for (int r = 0; r < all.size(); r++) {
            PDFont f = r == 0 ? bold : regular;
            for (int i = 0; i < n; i++) {
                String t = i < all.get(r).size() ? PdfText.clean(all.get(r).get(i)) : "";
                for (String line : t.split("\n")) {
                    pref[i] = Math.max(pref[i], f.getStringWidth(line) / 1000 * size + pad);
                    for (String word : line.split(" ")) {
                        min[i] = Math.max(min[i], f.getStringWidth(word) / 1000 * size + pad);
                    }
                }
            }
        }
        float sumMin = 0;
        float sumPref = 0;
        for (int i = 0; i < n; i++) {
            pref[i] = Math.max(pref[i], min[i]);
            sumMin += min[i];
            sumPref += pref[i];
        }
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            float w;
            if (sumPref <= total) {
                w = pref[i] + (total - sumPref) * pref[i] / sumPref;
            } else if (sumMin <= total) {
                w = min[i] + (pref[i] - min[i]) * (total - sumMin) / (sumPref - sumMin);
            } else {
                w = min[i] * total / sumMin;
            }
            out[i] = w / total;
        }
        return out;
    }
}
