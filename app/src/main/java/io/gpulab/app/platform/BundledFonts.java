package io.gpulab.app.platform;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The DejaVu fonts shipped in assets ({@code gpulab/fonts/}), with the two property files JavaFX's
 * embedded-font support reads. JavaFX needs real files in one directory, so they are unpacked once
 * per version into a cache directory; a half-written copy is never visible because the files go to
 * a scratch directory that is then renamed into place.
 */
public final class BundledFonts {

    /** Classpath folder of the shipped fonts. */
    public static final String RESOURCE_DIR = "gpulab/fonts/";
    /** Name of the unpacked directory; bump it when the shipped files change. */
    static final String VERSIONED_DIR = "fonts-dejavu-2.37-1";
    /** Everything JavaFX reads from the font directory, plus the license that must travel with it. */
    public static final List<String> FILES = List.of(
            "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf",
            "logicalfonts.properties", "allfonts.properties", "LICENSE-DejaVu.txt");

    private BundledFonts() {
    }

    /**
     * Returns {@code cacheRoot/fonts-dejavu-...} holding every file of {@link #FILES}, unpacking
     * them first if that directory is missing or incomplete.
     *
     * @throws IOException if the directory cannot be written or a shipped file is missing
     */
    public static Path unpackTo(Path cacheRoot) throws IOException {
        Path target = cacheRoot.resolve(VERSIONED_DIR);
        if (complete(target)) {
            return target;
        }
        Files.createDirectories(cacheRoot);
        Path scratch = Files.createTempDirectory(cacheRoot, VERSIONED_DIR + ".tmp");
        try {
            for (String name : FILES) {
                try (InputStream in = open(name)) {
                    Files.copy(in, scratch.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            deleteTree(target); // an incomplete copy from an interrupted older run
            moveIntoPlace(scratch, target);
        } finally {
            deleteTree(scratch);
        }
        return target;
    }

    private static InputStream open(String name) throws IOException {
        InputStream in = BundledFonts.class.getClassLoader().getResourceAsStream(RESOURCE_DIR + name);
        if (in == null) {
            throw new IOException("the bundled font file " + RESOURCE_DIR + name + " is not on the classpath");
        }
        return in;
    }

    private static boolean complete(Path dir) {
        return FILES.stream().allMatch(f -> Files.isRegularFile(dir.resolve(f)));
    }

    private static void moveIntoPlace(Path scratch, Path target) throws IOException {
        try {
            Files.move(scratch, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(scratch, target);
        } catch (FileAlreadyExistsException e) {
            // another gpulab process won the race; its copy is complete
            if (!complete(target)) {
                throw e;
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
