package io.gpulab.engine.scenario;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * The check every reader makes before it opens a file: a regular file (through links) within its size limit. A
 * FIFO, a device or a directory is refused by name: reading a FIFO blocks until another process writes, and a
 * device may never end.
 */
public final class InputFile {

    private InputFile() {
    }

    /**
     * @param what     how the message names the file's role ({@code "--hami-values"}, {@code "dump"})
     * @param maxBytes the largest size read
     * @return the file's size
     * @throws IOException naming the file and the limit
     */
    public static long requireRegular(Path file, String what, long maxBytes) throws IOException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IOException(file + ": no such file", e);
        }
        if (!a.isRegularFile()) {
            String kind = a.isDirectory() ? "a directory" : a.isOther() ? "a FIFO, socket or device" : "not a file";
            throw new IOException(file + ": " + kind + "; " + what + " must be a regular file");
        }
        if (a.size() > maxBytes) {
            throw new IOException(String.format(Locale.ROOT, "%s: the file is %,d bytes; %s is limited to %,d bytes "
                    + "(%d MiB)", file, a.size(), what, maxBytes, maxBytes >> 20));
        }
        return a.size();
    }
}
