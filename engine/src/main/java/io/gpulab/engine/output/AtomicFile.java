package io.gpulab.engine.output;

import org.jspecify.annotations.Nullable;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The steps that make a write whole or nothing: a hidden temporary file beside the target
 * ({@code .NAME.gpulab-PID-N.tmp}), forced to disk, renamed over the target in one step, the directory forced too;
 * and the removal of temporary files that killed processes left.
 */
final class AtomicFile {

    private static final String TMP = ".gpulab-";

    private AtomicFile() {
    }

    static String tempName(String name) {
        // a name of 255 bytes has no room for the suffix: the temporary file keeps a prefix of it
        return "." + shortened(name) + TMP + ProcessHandle.current().pid() + "-"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp";
    }

    private static String shortened(String name) {
        return name.length() > 80 ? name.substring(0, 80) : name;
    }

    /** A new, empty temporary file for {@code name} in {@code dir}. */
    static Path create(Path dir, String name) throws IOException {
        Path tmp = dir.resolve(tempName(name));
        Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        return tmp;
    }

    /**
     * Writes the body to {@code tmp} and forces it to disk; the permissions of a file it replaces are kept.
     *
     * @return the number of bytes written
     */
    static long writeForced(Path tmp, OutputFile.Body body, @Nullable Path replaced, Disk disk) throws IOException {
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

    /** Renames the temporary file over the target, in one step where the file system can. */
    static void move(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The rename is durable only once the directory entry is on disk too (not possible on every platform). */
    static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            // Windows cannot open a directory as a channel; its rename is already durable
        }
    }

    /** Temporary files (and directories) left for {@code name} by gpulab processes that are no longer running. */
    static void removeStale(Path dir, String name) {
        String prefix = "." + shortened(name) + TMP;
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

    static void deleteQuietly(@Nullable Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // a hidden temporary file; the next write of this target removes it
            }
        }
    }

    static void deleteTree(Path p) {
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
}
