package io.gpulab.engine.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * A text file read as UTF-8 with its limits checked first: the size before a byte is read, encoding
 * errors reported with their byte offset and line ("cannot read: Input length = 1" said neither), and a
 * binary file named as such.
 */
public final class SourceText {

    private SourceText() {
    }

    /**
     * The file's text.
     *
     * @throws ScenarioException naming the file (and for bad bytes the line) when it is missing, too large,
     *                           binary or not UTF-8
     */
    public static String read(Path file) {
        String name = file.toString();
        try {
            if (Files.exists(file) && !Files.isRegularFile(file)) {
                // a FIFO would block the read until some other process writes to it
                throw new ScenarioException(name, 0, "", Files.isDirectory(file) ? "a directory, not a file"
                        : "a FIFO, socket or device, not a regular file");
            }
            long size = Files.size(file);
            if (size > ReaderLimits.MAX_FILE_BYTES) {
                throw new ScenarioException(name, 0, "", String.format(Locale.ROOT, "the file is %,d bytes; files are "
                        + "limited to %,d bytes (%d MiB)", size, ReaderLimits.MAX_FILE_BYTES,
                        ReaderLimits.MAX_FILE_BYTES >> 20));
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                // read into one array of the measured size (readNBytes(limit) would gather chunks and copy them,
                // twice the file at its peak), then at most one byte past the limit if the file grew since
                bytes = in.readNBytes((int) size);
                byte[] more = in.readNBytes((int) (ReaderLimits.MAX_FILE_BYTES - bytes.length) + 1);
                if (more.length > 0) {
                    byte[] all = Arrays.copyOf(bytes, bytes.length + more.length);
                    System.arraycopy(more, 0, all, bytes.length, more.length);
                    bytes = all;
                }
            }
            if (bytes.length > ReaderLimits.MAX_FILE_BYTES) {
                throw new ScenarioException(name, 0, "", "the file is larger than " + ReaderLimits.MAX_FILE_BYTES
                        + " bytes");
            }
            return decode(name, bytes);
        } catch (IOException e) {
            throw new ScenarioException(name, 0, "", "cannot read: " + e.getClass().getSimpleName()
                    .replace("Exception", "") + " " + Quote.clip(String.valueOf(e.getMessage())));
        }
    }

    /** {@code bytes} as UTF-8 text; a NUL byte or an invalid sequence is an error with its offset and line. */
    public static String decode(String name, byte[] bytes) {
        boolean ascii = true;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new ScenarioException(name, lineAt(bytes, i), "", "not a text file: a NUL byte at byte offset "
                        + i);
            }
            ascii &= bytes[i] > 0;
        }
        if (ascii) {
            // ASCII is valid UTF-8 and becomes a one-byte-per-character string in one copy; the decoder below
            // holds the file twice more (a char buffer and the string made from it)
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = d.decode(in, out, true);
        if (r.isError()) {
            int at = in.position();
            throw new ScenarioException(name, lineAt(bytes, at), "", String.format(Locale.ROOT,
                    "not UTF-8 text: invalid byte 0x%02X at byte offset %d", bytes[at] & 0xff, at));
        }
        d.flush(out);
        out.flip();
        String text = out.toString();
        // a byte order mark is not part of the document
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    private static int lineAt(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }
}
