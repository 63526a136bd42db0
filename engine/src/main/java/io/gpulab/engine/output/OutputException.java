package io.gpulab.engine.output;

import java.io.IOException;

/** A file that was not written, said in one line that starts with the file's name (docs/outputs.md). */
public final class OutputException extends IOException {

    private static final long serialVersionUID = 1L;

    public OutputException(String message) {
        super(message);
    }
}
