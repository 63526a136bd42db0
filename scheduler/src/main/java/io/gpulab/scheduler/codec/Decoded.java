package io.gpulab.scheduler.codec;

import java.util.NoSuchElementException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The result of decoding an annotation: exactly one of a value or an {@link AnnotationError}.
 *
 * @param <T> the decoded type
 */
public final class Decoded<T> {

    private final @Nullable T value;
    private final @Nullable AnnotationError error;

    private Decoded(@Nullable T value, @Nullable AnnotationError error) {
        this.value = value;
        this.error = error;
    }

    public static <T> Decoded<T> ok(T value) {
        return new Decoded<>(value, null);
    }

    public static <T> Decoded<T> fail(String annotation, String offendingPart, String message) {
        return new Decoded<>(null, new AnnotationError(annotation, offendingPart, message));
    }

    public static <T> Decoded<T> fail(AnnotationError error) {
        return new Decoded<>(null, error);
    }

    public boolean isOk() {
        return error == null;
    }

    /** The value; throws {@link NoSuchElementException} carrying the error message when decoding failed. */
    public T value() {
        if (error != null || value == null) {
            throw new NoSuchElementException(String.valueOf(error));
        }
        return value;
    }

    /** The error, or {@code null} when decoding succeeded. */
    public @Nullable AnnotationError error() {
        return error;
    }

    public T orElse(T fallback) {
        return error == null && value != null ? value : fallback;
    }

    public <U> Decoded<U> map(Function<T, U> f) {
        return error == null && value != null ? Decoded.ok(f.apply(value)) : new Decoded<>(null, error);
    }

    @Override
    public String toString() {
        return error == null ? "ok(" + value + ")" : "error(" + error + ")";
    }
}
