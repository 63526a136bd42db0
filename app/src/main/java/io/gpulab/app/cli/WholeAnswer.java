package io.gpulab.app.cli;

import org.jspecify.annotations.Nullable;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An answer for stdout held whole before its first character is printed (docs/json-output.md), so that a failure
 * while writing it leaves nothing on stdout, never half a document. The writer streams into it: the first
 * {@link #IN_MEMORY_CHARS} characters stay in memory; a larger answer (a run with every failed node of thousands of
 * pending pods is gigabytes, more than a Java string holds) goes on into a temporary file. That file is opened with
 * {@code DELETE_ON_CLOSE}, which on Linux and macOS unlinks it at once: a killed process leaves nothing behind, and
 * memory stays bounded by what the answer is made of, not by its text.
 */
final class WholeAnswer extends Writer {

    /** 8 Mi characters, 8 to 16 MB: every answer short of a large lab's full run never touches the disk. */
    static final int IN_MEMORY_CHARS = 1 << 23;

    private final int inMemory;
    private final StringBuilder head = new StringBuilder();
    private @Nullable FileChannel spill;
    private @Nullable Writer spillWriter;

    WholeAnswer() {
        this(IN_MEMORY_CHARS);
    }

    /** With another threshold, for tests of the file. */
    WholeAnswer(int inMemory) {
        this.inMemory = inMemory;
    }

    /** Whether the answer went on into the temporary file. */
    boolean spilled() {
        return spill != null;
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        if (fits(len)) {
            head.append(cbuf, off, len);
        } else {
            spillWriter().write(cbuf, off, len);
        }
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        if (fits(len)) {
            head.append(str, off, off + len);
        } else {
            spillWriter().write(str, off, len);
        }
    }

    /** Whether {@code len} more characters stay in memory: until the first that does not, then never again. */
    private boolean fits(int len) {
        return spillWriter == null && head.length() + (long) len <= inMemory;
    }

    private Writer spillWriter() throws IOException {
        if (spillWriter == null) {
            spillWriter = new BufferedWriter(new OutputStreamWriter(Channels.newOutputStream(open()),
                    StandardCharsets.UTF_8), 1 << 16);
            spillWriter.append(head);
            head.setLength(0);
            head.trimToSize();
        }
        return spillWriter;
    }

    private FileChannel open() throws IOException {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"));
        for (int attempt = 0; ; attempt++) {
            Path f = dir.resolve("gpulab-answer-" + ProcessHandle.current().pid() + "-"
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
            try {
                spill = FileChannel.open(f, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                        StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE), owner(f));
                return spill;
            } catch (FileAlreadyExistsException e) {
                if (attempt == 3) {
                    throw e;
                }
            }
        }
    }

    private static java.nio.file.attribute.FileAttribute<?>[] owner(Path f) {
        return f.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new java.nio.file.attribute.FileAttribute<?>[] {
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
                : new java.nio.file.attribute.FileAttribute<?>[0];
    }

    /** Writes the whole answer to {@code out}: the characters as they were written, in order. */
    void copyTo(Writer out) throws IOException {
        if (spillWriter == null || spill == null) {
            out.append(head);
            return;
        }
        spillWriter.flush();
        spill.position(0);
        Reader in = new InputStreamReader(Channels.newInputStream(spill), StandardCharsets.UTF_8);
        char[] buf = new char[1 << 16];
        for (int n; (n = in.read(buf)) >= 0; ) {
            out.write(buf, 0, n);
        }
    }

    @Override
    public void flush() {
        // held until copyTo: nothing reaches stdout before the answer is whole
    }

    /** Drops the answer (the file, if any, is deleted). */
    @Override
    public void close() throws IOException {
        head.setLength(0);
        FileChannel f = spill;
        spill = null;
        spillWriter = null;
        if (f != null) {
            f.close();
        }
    }
}
