package io.gpulab.engine.kind;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Consumer;

/**
 * Writes the hand-over kubeconfig readable by its owner only, as kind does for ~/.kube/config. The
 * file is created with mode 0600 and only then filled (never written first and restricted after, which
 * leaves the credentials readable by everyone for a moment), then moved over the old one in one step.
 */
final class KubeconfigFile {

    /** Test seam: called with the new file once it holds the content, before it replaces the old one. */
    static volatile Consumer<Path> written = p -> { };

    private KubeconfigFile() {
    }

    static void write(Path file, String content) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = dir.resolve("." + file.getFileName() + ".tmp");
            Files.deleteIfExists(tmp);
            try {
                Files.createFile(tmp, ownerOnly());
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system (Windows): the user profile's ACLs apply
                Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                throw new IOException("someone else is writing " + tmp, e);
            }
            Files.writeString(tmp, content, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
            written.accept(tmp);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the lab kubeconfig " + file, e);
        }
    }

    /** Whether {@code file} exists and holds exactly {@code content}. */
    static boolean holds(Path file, String content) {
        try {
            return Files.isRegularFile(file) && Files.readString(file, StandardCharsets.UTF_8).equals(content);
        } catch (IOException e) {
            return false;
        }
    }

    private static FileAttribute<?> ownerOnly() {
        return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
    }
}
