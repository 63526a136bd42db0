package io.gpulab.engine.output;

import org.jspecify.annotations.Nullable;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes gpulab's output files so that a file under its final name is always whole (docs/outputs.md): the bytes go
 * to a temporary file in the target's directory ({@code .NAME.gpulab-PID-N.tmp}), are forced to disk, and the file
 * is renamed over the target in one step. A process killed mid-way leaves at most that hidden temporary file, which
 * the next write of the same target removes once its process is gone; a full disk is one line, and the previous
 * file is kept.
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

    /** One file of a set written into one directory ({@link #writeAll}). */
    public record Part(String name, OutputKind kind, Body body) { }

    /**
     * Where the bytes meet the disk: the stream onto a temporary file's channel, and the force to disk. The one seam
     * through which a test makes the disk fail as a full one does (a write or the force answering ENOSPC).
     */
    interface Disk {
        Disk REAL = new Disk() { };

        default OutputStream stream(FileChannel ch) {
            return Channels.newOutputStream(ch);
        }

        default void force(FileChannel ch) throws IOException {
            ch.force(true);
        }
    }

    private static final String TMP = ".gpulab-";

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
        Path dir = parentOf(target);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw failed(target, e, replacing);
        }
        removeStale(dir, target.getFileName().toString());
        Path tmp = null;
        try {
            tmp = temp(dir, target.getFileName().toString());
            long bytes = writeForced(tmp, body, replacing ? target : null, disk);
            check(target, kind, force); // again just before the rename: nothing became a link or a directory since
            move(tmp, target);
            syncDirectory(dir);
            tmp = null;
            return bytes;
        } catch (OutputException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw failed(target, e, replacing);
        } finally {
            deleteQuietly(tmp);
        }
    }

    /**
     * Writes a set of files into {@code dir}. A missing directory is written as a fresh hidden directory beside it and
     * renamed to {@code dir} when every file is on disk, so it appears complete or not at all. Into an existing
     * directory, every file is first checked by the replace rule and written to its temporary file; only then are
     * they renamed, one after another; other files in the directory are left alone.
     *
     * @return the files written, in the order of {@code parts}
     * @throws OutputException naming the directory or file when it is refused or cannot be written
     */
    public static List<Path> writeAll(Path dir, boolean force, List<Part> parts) throws OutputException {
        return writeAll(dir, force, parts, Disk.REAL);
    }

    static List<Path> writeAll(Path dir, boolean force, List<Part> parts, Disk disk) throws OutputException {
        if (!checkAll(dir, force, parts)) {
            return writeFresh(dir, parts, disk);
        }
        List<Boolean> replacing = new ArrayList<>();
        for (Part p : parts) {
            replacing.add(check(dir.resolve(p.name()), p.kind(), force));
        }
        return writeInto(dir, force, parts, replacing, disk);
    }

    /**
     * The checks of {@link #writeAll} without writing, for a command to refuse before its work rather than after.
     *
     * @return whether {@code dir} exists
     * @throws OutputException as {@link #writeAll} would
     */
    public static boolean checkAll(Path dir, boolean force, List<Part> parts) throws OutputException {
        BasicFileAttributes a = attributes(dir);
        if (a == null) {
            return false;
        }
        if (a.isSymbolicLink()) {
            if (!force) {
                throw new OutputException(dir + ": refused: it is a symbolic link" + linkTarget(dir) + "; gpulab does "
                        + "not write through links: choose another directory, or add --force to write into the "
                        + "directory it points to");
            }
            if (!Files.isDirectory(dir)) {
                throw new OutputException(dir + ": refused: it is a symbolic link" + linkTarget(dir)
                        + " to no directory");
            }
        } else if (!a.isDirectory()) {
            throw new OutputException(dir + ": refused: it is " + what(a) + ", not a directory");
        }
        for (Part p : parts) {
            check(dir.resolve(p.name()), p.kind(), force);
        }
        return true;
    }

    private static List<Path> writeInto(Path dir, boolean force, List<Part> parts, List<Boolean> replacing,
            Disk disk) throws OutputException {
        List<Path> temps = new ArrayList<>();
        List<Path> written = new ArrayList<>();
        try {
            for (int i = 0; i < parts.size(); i++) {
                Part p = parts.get(i);
                Path target = dir.resolve(p.name());
                removeStale(dir, p.name());
                Path tmp;
                try {
                    tmp = temp(dir, p.name());
                    temps.add(tmp);
                    writeForced(tmp, p.body(), replacing.get(i) ? target : null, disk);
                } catch (IOException | RuntimeException e) {
                    throw failed(target, e, replacing.get(i));
                }
            }
            for (int i = 0; i < parts.size(); i++) {
                Path target = dir.resolve(parts.get(i).name());
                try {
                    check(target, parts.get(i).kind(), force);
                    move(temps.get(i), target);
                } catch (OutputException e) {
                    throw e;
                } catch (IOException | RuntimeException e) {
                    throw failed(target, e, replacing.get(i));
                }
                temps.set(i, null);
                written.add(target);
            }
            syncDirectory(dir);
            return written;
        } finally {
            temps.forEach(OutputFile::deleteQuietly);
        }
    }

    private static List<Path> writeFresh(Path dir, List<Part> parts, Disk disk) throws OutputException {
        Path parent = parentOf(dir);
        Path tmp = null;
        try {
            Files.createDirectories(parent);
            removeStale(parent, dir.getFileName().toString());
            tmp = parent.resolve(tempName(dir.getFileName().toString()));
            Files.createDirectory(tmp);
            for (Part p : parts) {
                Path f = tmp.resolve(p.name());
                writeForced(f, p.body(), null, disk);
            }
            syncDirectory(tmp);
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            syncDirectory(parent);
            tmp = null;
        } catch (IOException | RuntimeException e) {
            throw failed(dir, e, false);
        } finally {
            if (tmp != null) {
                deleteTree(tmp);
            }
        }
        return parts.stream().map(p -> dir.resolve(p.name())).toList();
    }

    /**
     * The checks of {@link #write} without writing (the replace rule), for a command to refuse before its work
     * rather than after.
     *
     * @return whether an existing file is to be replaced
     * @throws OutputException as {@link #write} would
     */
    public static boolean check(Path target, OutputKind kind, boolean force) throws OutputException {
        BasicFileAttributes a = attributes(target);
        if (a == null) {
            return false;
        }
        if (a.isSymbolicLink()) {
            if (force) {
                return false; // the link itself is replaced; what it points to is never opened
            }
            throw new OutputException(target + ": refused: it is a symbolic link" + linkTarget(target) + "; gpulab "
                    + "does not write through links: choose another name, or add --force to replace the link itself "
                    + "(what it points to is left alone)");
        }
        if (a.isDirectory()) {
            throw new OutputException(target + ": refused: it is a directory; give a file name, e.g. "
                    + target.resolve("out" + extensionHint(kind)));
        }
        if (!a.isRegularFile()) {
            throw new OutputException(target + ": refused: it is " + what(a) + ", not a regular file");
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

    private static @Nullable BasicFileAttributes attributes(Path p) throws OutputException {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new OutputException(p + ": cannot write: " + reason(e));
        }
    }

    private static String what(BasicFileAttributes a) {
        return a.isDirectory() ? "a directory" : a.isRegularFile() ? "a file" : a.isSymbolicLink() ? "a symbolic link"
                : "a FIFO, socket or device";
    }

    private static String linkTarget(Path link) {
        try {
            return " (to " + Files.readSymbolicLink(link) + ")";
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }

    private static Path parentOf(Path target) {
        Path parent = target.toAbsolutePath().getParent();
        return parent == null ? target.toAbsolutePath() : parent;
    }

    private static String tempName(String name) {
        // a name of 255 bytes has no room for the suffix: the temporary file keeps a prefix of it
        String base = name.length() > 80 ? name.substring(0, 80) : name;
        return "." + base + TMP + ProcessHandle.current().pid() + "-"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp";
    }

    private static Path temp(Path dir, String name) throws IOException {
        Path tmp = dir.resolve(tempName(name));
        Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        return tmp;
    }

    /** Writes the body to {@code tmp} and forces it to disk; the permissions of a file it replaces are kept. */
    private static long writeForced(Path tmp, Body body, @Nullable Path replaced, Disk disk) throws IOException {
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            OutputStream buffered = new BufferedOutputStream(disk.stream(ch), 1 << 16);
            OutputStream keepOpen = new FilterOutputStream(buffered) {
                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    flush(); // the channel stays open until it is forced to disk
                }
            };
            body.write(keepOpen);
            buffered.flush();
            disk.force(ch);
            if (replaced != null) {
                keepPermissions(replaced, tmp);
            }
            return ch.size();
        }
    }

    private static void keepPermissions(Path from, Path to) {
        try {
            PosixFileAttributeView view = Files.getFileAttributeView(from, PosixFileAttributeView.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (view != null) {
                Set<PosixFilePermission> perms = view.readAttributes().permissions();
                Files.setPosixFilePermissions(to, perms);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // the new file keeps the default permissions: not a reason to fail the write
        }
    }

    private static void move(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The rename is durable only once the directory entry is on disk too (not possible on every platform). */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            // Windows cannot open a directory as a channel; its rename is already durable
        }
    }

    /** Temporary files (and directories) left for {@code name} by gpulab processes that are no longer running. */
    private static void removeStale(Path dir, String name) {
        String base = name.length() > 80 ? name.substring(0, 80) : name;
        String prefix = "." + base + TMP;
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, e -> {
            String n = e.getFileName().toString();
            return n.startsWith(prefix) && n.endsWith(".tmp");
        })) {
            for (Path p : s) {
                String rest = p.getFileName().toString().substring(prefix.length());
                int dash = rest.indexOf('-');
                long pid;
                try {
                    pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (ProcessHandle.of(pid).isEmpty()) {
                    deleteTree(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // leftovers are hidden and harmless; failing to list them is no reason to refuse the write
        }
    }

    private static void deleteQuietly(@Nullable Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // a hidden temporary file; the next write of this target removes it
            }
        }
    }

    private static void deleteTree(Path p) {
        try {
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                try (DirectoryStream<Path> s = Files.newDirectoryStream(p)) {
                    for (Path c : s) {
                        deleteTree(c);
                    }
                }
            }
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // as deleteQuietly
        }
    }

    private static OutputException failed(Path target, Exception e, boolean replacing) {
        return new OutputException(target + ": cannot write: " + reason(e) + (replacing
                ? "; the previous file is kept as it was" : "; nothing was written under that name"));
    }

    /** The cause in words, without the temporary file's name a {@link FileSystemException} would add. */
    static String reason(Exception outer) {
        // ImageIO, PDFBox and Jackson wrap the file system's error in their own ("I/O error writing PNG file!"): the
        // innermost I/O error says what happened
        Exception e = outer;
        while (e.getCause() instanceof IOException inner && inner != e) {
            e = inner;
        }
        String r;
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            r = fs.getReason();
            if (e instanceof java.nio.file.AccessDeniedException) {
                r = "permission denied";
            }
        } else if (e instanceof FileSystemException fs) {
            r = fs.getClass().getSimpleName().replace("Exception", "").replaceAll("([a-z])([A-Z])", "$1 $2")
                    .toLowerCase(Locale.ROOT);
        } else {
            r = String.valueOf(e.getMessage());
        }
        if (r.contains("No space left on device")) {
            r = "no space left on device (the disk is full)";
        }
        return r.replace('\n', ' ');
    }
}
