package io.gpulab.engine.kind;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Writes the hand-over kubeconfig readable by its owner only, as kind does for ~/.kube/config. */
final class KubeconfigFile {

    private KubeconfigFile() {
    }

    static void write(Path file, String content) {
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            Files.writeString(file, content);
            try {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system (Windows): the user profile's ACLs apply
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the lab kubeconfig " + file, e);
        }
    }
}
