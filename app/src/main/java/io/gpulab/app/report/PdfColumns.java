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
        float[] w = sumPref <= total ? grown(pref, sumPref, total) : sumMin <= total ? shared(min, pref, total - sumMin)
                : scaled(min, sumMin, total);
        float[] out = new float[n];
        for (int i = 0; i < n; i++) {
            out[i] = w[i] / total;
        }
        return out;
    }

    /** Every column whole, the room left over shared in proportion to their widths. */
    private static float[] grown(float[] pref, float sumPref, float total) {
        float[] w = new float[pref.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = pref[i] + (total - sumPref) * pref[i] / sumPref;
        }
        return w;
    }

    /**
     * Every column at least its longest word; the {@code room} above that goes first, whole, to the columns whose
     * text needs less than an even share of what is left (a short cell such as "10 of 10" wrapped to "10 of / 10"
     * saves a few points and reads wrong), then to the others in proportion to the width their text still needs.
     */
    private static float[] shared(float[] min, float[] pref, float room) {
        int n = min.length;
        float[] w = min.clone();
        Integer[] byNeed = new Integer[n];
        for (int i = 0; i < n; i++) {
            byNeed[i] = i;
        }
        java.util.Arrays.sort(byNeed, (a, b) -> Float.compare(pref[a] - min[a], pref[b] - min[b]));
        int k = 0;
        for (; k < n && pref[byNeed[k]] - min[byNeed[k]] <= room / (n - k); k++) {
            room -= pref[byNeed[k]] - min[byNeed[k]];
            w[byNeed[k]] = pref[byNeed[k]];
        }
        float need = 0;
        for (int j = k; j < n; j++) {
            need += pref[byNeed[j]] - min[byNeed[j]];
        }
        for (int j = k; j < n; j++) {
            int i = byNeed[j];
            w[i] += need <= 0 ? 0 : (pref[i] - min[i]) * room / need;
        }
        return w;
    }

    /** Even the longest words do not fit: every column shrunk alike. */
    private static float[] scaled(float[] min, float sumMin, float total) {
        float[] w = new float[min.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = min[i] * total / sumMin;
        }
        return w;
    }
}
