package io.gpulab.app.report;

import io.gpulab.engine.output.OutputKind;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.pdfbox.pdfwriter.compress.CompressParameters;
import org.apache.pdfbox.pdmodel.PDDocument;

/** gpulab's PDF files on disk: how one is saved, and how gpulab knows a file it may replace as its own. */
public final class PdfFile {

    /**
     * gpulab's PDFs: their Creator ({@code gpulab VERSION}) is in the document information, which {@link #save}
     * writes as the second object, near the start of the file; such a file is replaced without {@code --force}.
     */
    public static final OutputKind KIND = OutputKind.of("PDF report", "/Creator (gpulab");

    private PdfFile() {
    }

    /**
     * Saves without object streams: the document information (title, Creator) stays readable as the file's second
     * object, where {@link #KIND} finds it; page contents, fonts and images are compressed as before.
     */
    public static void save(PDDocument doc, OutputStream out) throws IOException {
        doc.save(out, CompressParameters.NO_COMPRESSION);
    }
}
