package io.gpulab.engine.output;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Locale;

/**
 * Writes one of gpulab's output files so that a file under its final name is always whole (docs/outputs.md): the
 * bytes go to a temporary file in the target's directory, are forced to disk, and the file is renamed over the
 * target in one step ({@link AtomicFile}). A process killed mid-way leaves at most that hidden temporary file, which
 * the next write of the same target removes once its process is gone; a full disk is one line, and the previous
 * file is kept. A set of files in one directory: {@link OutputDirectory}.
 *
 * <p>The replace rule: a missing target is created (with its directories). An existing regular file is replaced
 * when it is gpulab's own earlier output of the same kind (it carries the kind's mark, {@link OutputKind}) or with
 * {@code force}. A symbolic link, even a dangling one, is never written through: it is refused, and with
 * {@code force} the link itself is replaced by the file. A directory, FIFO or device is always refused.
 */
public final class OutputFile {

    /** What goes into the file; it may close the stream it is given (that only flushes). */
    @FunctionalInterface
    public interface Body {
        void write(OutputStream out) throws IOException;
    }

    private OutputFile() {
    }

    /**
     * Writes {@code target} whole or not at all.
     *
     * @return the number of bytes written
     * @throws OutputException naming the file when it is refused or cannot be written
     */
    public static long write(Path target, OutputKind kind, boolean force, Body body) throws OutputException {
        return write(target, kind, force, body, Disk.REAL);
    }

    static long write(Path target, OutputKind kind, boolean force, Body body, Disk disk) throws OutputException {
        boolean replacing = check(target, kind, force);
        Path dir = Target.parentOf(target);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw WriteFailure.of(target, e, replacing);
        }
        String name = target.getFileName().toString();
        AtomicFile.removeStale(dir, name);
        Path tmp = null;
        try {
            tmp = AtomicFile.create(dir, name);
            long bytes = AtomicFile.writeForced(tmp, body, replacing ? target : null, disk);
            check(target, kind, force); // again just before the rename: nothing became a link or a directory since
            AtomicFile.move(tmp, target);
            AtomicFile.syncDirectory(dir);
            tmp = null;
            return bytes;
        } catch (OutputException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw WriteFailure.of(target, e, replacing);
        } finally {
            AtomicFile.deleteQuietly(tmp);
        }
    }

    /**
     * The checks of {@link #write} without writing (the replace rule), for a command to refuse before its work
     * rather than after.
     *
     * @return whether an existing file is to be replaced
     * @throws OutputException as {@link #write} would
     */
    public static boolean check(Path target, OutputKind kind, boolean force) throws OutputException {
        BasicFileAttributes a = Target.attributes(target);
        if (a == null) {
            return false;
        }
        if (a.isSymbolicLink()) {
            if (force) {
                return false; // the link itself is replaced; what it points to is never opened
            }
            throw new OutputException(target + ": refused: it is a symbolic link" + Target.linkTarget(target)
                    + "; gpulab does not write through links: choose another name, or add --force to replace the "
                    + "link itself (what it points to is left alone)");
        }
        if (a.isDirectory()) {
            throw new OutputException(target + ": refused: it is a directory; give a file name, e.g. "
                    + target.resolve("out" + extensionHint(kind)));
        }
        if (!a.isRegularFile()) {
            throw new OutputException(target + ": refused: it is " + Target.what(a) + ", not a regular file");
        }
        if (force || ours(target, kind)) {
            return true;
        }
        throw new OutputException(target + ": refused: the file exists and is not a " + kind.what() + " gpulab wrote; "
                + "choose another name, or add --force to replace it");
    }

    private static String extensionHint(OutputKind kind) {
        String w = kind.what().toLowerCase(Locale.ROOT);
        return w.contains("pdf") ? ".pdf" : w.contains("png") ? ".png" : w.contains("csv") ? ".csv"
                : w.contains("json") ? ".json" : ".yaml";
    }

    private static boolean ours(Path file, OutputKind kind) {
        byte[] head = new byte[OutputKind.HEAD_BYTES];
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            int n = in.readNBytes(head, 0, head.length);
            return kind.marks(head, n);
        } catch (IOException e) {
            return false;
        }
    }
}
