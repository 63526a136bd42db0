package io.gpulab.engine.output;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/** What is at an output's path, read without following a link: the replace rule's facts and their words. */
final class Target {

    private Target() {
    }

    /** The path's own attributes (a link's, not its target's), or null when nothing is there. */
    static @Nullable BasicFileAttributes attributes(Path p) throws OutputException {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new OutputException(p + ": cannot write: " + WriteFailure.reason(e));
        }
    }

    static String what(BasicFileAttributes a) {
        return a.isDirectory() ? "a directory" : a.isRegularFile() ? "a file" : a.isSymbolicLink() ? "a symbolic link"
                : "a FIFO, socket or device";
    }

    /** " (to WHERE)" for a link, or nothing when it cannot be read. */
    static String linkTarget(Path link) {
        try {
            return " (to " + Files.readSymbolicLink(link) + ")";
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }

    static Path parentOf(Path target) {
        Path parent = target.toAbsolutePath().getParent();
        return parent == null ? target.toAbsolutePath() : parent;
    }
}
