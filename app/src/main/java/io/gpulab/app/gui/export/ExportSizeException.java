package io.gpulab.app.gui.export;

/** A picture size too small to hold its view and the caption strip; the message names the smallest that does. */
public final class ExportSizeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    ExportSizeException(String message) {
        super(message);
    }
}
