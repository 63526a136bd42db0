package io.gpulab.scheduler.codec;

/**
 * Why an annotation value could not be decoded.
 *
 * @param annotation    the annotation name, e.g. {@code hami.io/node-nvidia-register}
 * @param offendingPart the part of the value that is wrong (a segment, field or the whole value)
 * @param message       HAMi's error text where HAMi has one, else a plain description
 */
public record AnnotationError(String annotation, String offendingPart, String message) {

    @Override
    public String toString() {
        return annotation + ": " + message;
    }
}
