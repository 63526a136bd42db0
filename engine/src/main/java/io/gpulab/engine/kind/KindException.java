package io.gpulab.engine.kind;

/** A readable failure of the kind backend: says what was being done and what to try. */
public class KindException extends RuntimeException {

    public KindException(String message) {
        super(message);
    }

    public KindException(String message, Throwable cause) {
        super(message, cause);
    }
}
