package io.gpulab.app.platform;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Asks fontconfig, the way JavaFX will, whether it knows any font. {@code fc-match} always answers
 * with the best font it has, so an empty answer means fontconfig has none at all.
 */
final class FontProbe {

    private static final long TIMEOUT_SECONDS = 10; // a first run may build fontconfig's cache

    private FontProbe() {
    }

    /** The answer for this process's environment. */
    static FontProbe.Answer ask() {
        return ask(Map.of());
    }

    /**
     * The answer with {@code extraEnv} added to the environment (tests hide the system fonts with
     * {@code FONTCONFIG_FILE}).
     */
    static FontProbe.Answer ask(Map<String, String> extraEnv) {
        return ask("fc-match", extraEnv);
    }

    static FontProbe.Answer ask(String fcMatch, Map<String, String> extraEnv) {
        ProcessBuilder pb = new ProcessBuilder(fcMatch, "-f", "%{file}", "sans-serif")
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(extraEnv);
        try {
            Process p = pb.start();
            // the answer is one path, far below a pipe's buffer, so waiting before reading cannot block
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Answer.UNKNOWN;
            }
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            return !out.isEmpty() && Files.isRegularFile(Path.of(out)) ? Answer.FONTS : Answer.NO_FONTS;
        } catch (IOException e) {
            return Answer.UNKNOWN; // no fc-match: fontconfig's tools are not installed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.UNKNOWN;
        }
    }

    /** What fontconfig said. */
    enum Answer {
        /** fontconfig names an existing font file. */
        FONTS,
        /** fontconfig runs but knows no font: JavaFX would stop with "detected no fonts". */
        NO_FONTS,
        /** fontconfig's tools are missing or hung; the JavaFX outcome is unknown. */
        UNKNOWN
    }
}
