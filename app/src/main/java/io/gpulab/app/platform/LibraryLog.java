package io.gpulab.app.platform;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Where the libraries' own log goes (docs/outputs.md, "Library log"): fabric8's and docker-java's warnings, retries
 * and traces are written to {@code gpulab.log} in the user's cache directory, never to the terminal, where a command
 * says what went wrong in one line and names this file for the details. The file holds the last run that logged.
 */
public final class LibraryLog {

    private static final String LOG_FILE = "org.slf4j.simpleLogger.logFile";
    private static volatile @Nullable Path file;

    private LibraryLog() {
    }

    /**
     * Points the slf4j-simple logger at the log file before any library logs (a {@code -D} of the user's wins); when
     * the cache directory cannot be made the log is dropped rather than printed.
     */
    public static void install(Map<String, String> env, Properties props) {
        if (props.getProperty(LOG_FILE) != null) {
            return;
        }
        Path dir = FontSetup.cacheRoot(env, props);
        Path log = dir.resolve("gpulab.log");
        try {
            Files.createDirectories(dir);
            props.setProperty(LOG_FILE, log.toString());
            file = log;
        } catch (IOException | RuntimeException e) {
            props.setProperty(LOG_FILE, nullDevice(props));
        }
        props.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        props.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    }

    private static String nullDevice(Properties props) {
        return props.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null";
    }

    /** The log file when the launcher installed it, else null (tests, embedding). */
    public static @Nullable Path file() {
        return file;
    }

    /** {@code " (details: FILE)"} when there is a log file, else empty: the end of a one-line failure. */
    public static String hint() {
        Path f = file;
        return f == null ? "" : " (details: " + f + ")";
    }
}
