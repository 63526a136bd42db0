package io.gpulab.engine.output;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What a writer writes, and how gpulab recognises a file as its own earlier output of that kind: each writer puts
 * one of its {@code marks} in the first {@value #HEAD_BYTES} bytes of every file it writes (a PDF's Creator, a
 * PNG's Software text, a scenario's {@code metadata.generator}, a CSV's header). Such a file is replaced without
 * {@code --force}; any other existing file is not (docs/outputs.md).
 *
 * @param what  how messages name the file ("PDF report")
 * @param marks ASCII or UTF-8 byte strings, any one of which marks a file as gpulab's
 */
public record OutputKind(String what, List<String> marks) {

    /** How much of an existing file is read to find a mark. */
    public static final int HEAD_BYTES = 64 * 1024;

    public OutputKind {
        marks = List.copyOf(marks);
    }

    public static OutputKind of(String what, String... marks) {
        return new OutputKind(what, List.of(marks));
    }

    /** Whether {@code head} (a file's first bytes) holds one of the marks. */
    boolean marks(byte[] head, int length) {
        List<byte[]> needles = new ArrayList<>();
        marks.forEach(m -> needles.add(m.getBytes(StandardCharsets.UTF_8)));
        for (byte[] n : needles) {
            if (indexOf(head, length, n) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static int indexOf(byte[] hay, int length, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
