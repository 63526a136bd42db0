package io.gpulab.engine.output;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Locale;

/** A failed write in one line: the file, the cause in words (a full disk says so), and what is left under the name. */
final class WriteFailure {

    private WriteFailure() {
    }

    static OutputException of(Path target, Exception e, boolean replacing) {
        return new OutputException(target + ": cannot write: " + reason(e) + (replacing
                ? "; the previous file is kept as it was" : "; nothing was written under that name"));
    }

    /** The cause in words, without the temporary file's name a {@link FileSystemException} would add. */
    static String reason(Exception outer) {
        // ImageIO, PDFBox and Jackson wrap the file system's error in their own ("I/O error writing PNG file!"): the
        // innermost I/O error says what happened
        Exception e = outer;
        while (e.getCause() instanceof java.io.IOException inner && inner != e) {
            e = inner;
        }
        String r;
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            r = fs.getReason();
            if (e instanceof AccessDeniedException) {
                r = "permission denied";
            }
        } else if (e instanceof FileSystemException fs) {
            r = fs.getClass().getSimpleName().replace("Exception", "").replaceAll("([a-z])([A-Z])", "$1 $2")
                    .toLowerCase(Locale.ROOT);
        } else {
            r = String.valueOf(e.getMessage());
        }
        if (r.contains("No space left on device")) {
            r = "no space left on device (the disk is full)";
        }
        return r.replace('\n', ' ');
    }
}
