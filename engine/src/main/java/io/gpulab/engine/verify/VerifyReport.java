package io.gpulab.engine.verify;

import io.gpulab.engine.scenario.RunResult;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes the three report files of {@code gpulab verify} into a directory. */
public final class VerifyReport {

    private VerifyReport() {
    }

    /**
     * Writes {@code TEST-gpulab-<scenario>.xml}, {@code <scenario>.md} and {@code <scenario>.html}.
     *
     * @return the files written
     * @throws IOException when the directory cannot be created or written
     */
    public static List<Path> write(RunResult run, String backend, double seconds, Path dir) throws IOException {
        Files.createDirectories(dir);
        String base = run.scenario().replaceAll("[^A-Za-z0-9._-]", "_");
        Path xml = dir.resolve("TEST-gpulab-" + base + ".xml");
        Path md = dir.resolve(base + ".md");
        Path html = dir.resolve(base + ".html");
        try (OutputStream out = Files.newOutputStream(xml)) {
            JUnitXmlWriter.write(run, backend, seconds, out);
        }
        Files.writeString(md, MarkdownWriter.render(run, backend), StandardCharsets.UTF_8);
        try (OutputStream out = Files.newOutputStream(html)) {
            HtmlWriter.write(run, backend, out);
        }
        return List.of(xml, md, html);
    }
}
