package io.gpulab.app.report;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.graphics.color.PDDeviceRGB;
import org.apache.pdfbox.pdmodel.graphics.image.PDImageXObject;

/** Chart pictures in a report: placed side by side, lossless, each tagged with the chart that drew it. */
public final class PdfImages {

    /** The key of a picture's dictionary that names the chart it shows (a Plan view chart id). */
    public static final String CHART_KEY = "GpulabChart";

    private PdfImages() {
    }

    /**
     * Pictures side by side at their size in points (a new page if they do not fit here), lossless, each tagged
     * with {@link #CHART_KEY} naming the chart that drew it.
     */
    static void place(PdfDoc pdf, PDDocument doc, List<ChartImage> row) throws IOException {
        float h = 0;
        for (ChartImage i : row) {
            h = Math.max(h, i.heightPt());
        }
        pdf.need(h);
        float x = pdf.left();
        for (ChartImage i : row) {
            PDImageXObject img = rgbImage(doc, i);
            img.getCOSObject().setString(CHART_KEY, i.chart());
            pdf.stream().drawImage(img, x, pdf.y() - i.heightPt(), i.widthPt(), i.heightPt());
            x += i.widthPt() + PdfDoc.GAP;
        }
        pdf.space(h + 6);
    }

    /**
     * Opaque pixels as an RGB image, Flate-compressed without PNG predictors: charts are mostly flat colour and
     * white, which plain Deflate packs well, while choosing a predictor per row (PDFBox's LosslessFactory)
     * cost most of the report's rendering time.
     */
    private static PDImageXObject rgbImage(PDDocument doc, ChartImage image) throws IOException {
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
}
