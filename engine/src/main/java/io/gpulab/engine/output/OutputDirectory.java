package io.gpulab.engine.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * A set of files gpulab writes into one directory (a verify report, a plan's CSV files), whole or not at all
 * (docs/outputs.md). A missing directory is written as a fresh hidden directory beside it and renamed into place
 * when every file is on disk. Into an existing directory, every file is checked by {@link OutputFile}'s replace
 * rule and written to its temporary file first; only then are they renamed; other files there are left alone.
 */
public final class OutputDirectory {

    /** One file of the set. */
    public record Part(String name, OutputKind kind, OutputFile.Body body) { }

    private OutputDirectory() {
    }

    /**
     * Writes {@code parts} into {@code dir}.
     *
     * @return the files written, in the order of {@code parts}
     * @throws OutputException naming the directory or file when it is refused or cannot be written
     */
    public static List<Path> write(Path dir, boolean force, List<Part> parts) throws OutputException {
        return write(dir, force, parts, Disk.REAL);
    }

    static List<Path> write(Path dir, boolean force, List<Part> parts, Disk disk) throws OutputException {
        if (!check(dir, force, parts)) {
            return writeFresh(dir, parts, disk);
        }
        List<Boolean> replacing = new ArrayList<>();
        for (Part p : parts) {
            replacing.add(OutputFile.check(dir.resolve(p.name()), p.kind(), force));
        }
        return writeInto(dir, force, parts, replacing, disk);
    }

    /**
     * The checks of {@link #write} without writing, for a command to refuse before its work rather than after.
     *
     * @return whether {@code dir} exists
     * @throws OutputException as {@link #write} would
     */
    public static boolean check(Path dir, boolean force, List<Part> parts) throws OutputException {
        BasicFileAttributes a = Target.attributes(dir);
        if (a == null) {
            return false;
        }
        if (a.isSymbolicLink()) {
            if (!force) {
                throw new OutputException(dir + ": refused: it is a symbolic link" + Target.linkTarget(dir)
                        + "; gpulab does not write through links: choose another directory, or add --force to write "
                        + "into the directory it points to");
            }
            if (!Files.isDirectory(dir)) {
                throw new OutputException(dir + ": refused: it is a symbolic link" + Target.linkTarget(dir)
                        + " to no directory");
            }
        } else if (!a.isDirectory()) {
            throw new OutputException(dir + ": refused: it is " + Target.what(a) + ", not a directory");
        }
        for (Part p : parts) {
            OutputFile.check(dir.resolve(p.name()), p.kind(), force);
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
                AtomicFile.removeStale(dir, p.name());
                Path tmp;
                try {
                    tmp = AtomicFile.create(dir, p.name());
                    temps.add(tmp);
                    AtomicFile.writeForced(tmp, p.body(), replacing.get(i) ? target : null, disk);
                } catch (IOException | RuntimeException e) {
                    throw WriteFailure.of(target, e, replacing.get(i));
                }
            }
            for (int i = 0; i < parts.size(); i++) {
                Path target = dir.resolve(parts.get(i).name());
                try {
                    OutputFile.check(target, parts.get(i).kind(), force);
                    AtomicFile.move(temps.get(i), target);
                } catch (OutputException e) {
                    throw e;
                } catch (IOException | RuntimeException e) {
                    throw WriteFailure.of(target, e, replacing.get(i));
                }
                temps.set(i, null);
                written.add(target);
            }
            AtomicFile.syncDirectory(dir);
            return written;
        } finally {
            temps.forEach(AtomicFile::deleteQuietly);
        }
    }

    private static List<Path> writeFresh(Path dir, List<Part> parts, Disk disk) throws OutputException {
        Path parent = Target.parentOf(dir);
        Path tmp = null;
        try {
            Files.createDirectories(parent);
            AtomicFile.removeStale(parent, dir.getFileName().toString());
            tmp = parent.resolve(AtomicFile.tempName(dir.getFileName().toString()));
            Files.createDirectory(tmp);
            for (Part p : parts) {
                AtomicFile.writeForced(tmp.resolve(p.name()), p.body(), null, disk);
            }
            AtomicFile.syncDirectory(tmp);
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            AtomicFile.syncDirectory(parent);
            tmp = null;
        } catch (IOException | RuntimeException e) {
            throw WriteFailure.of(dir, e, false);
        } finally {
            if (tmp != null) {
                AtomicFile.deleteTree(tmp);
            }
        }
        return parts.stream().map(p -> dir.resolve(p.name())).toList();
    }
}
