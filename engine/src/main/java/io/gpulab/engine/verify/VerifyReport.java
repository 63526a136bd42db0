package io.gpulab.engine.verify;

import io.gpulab.engine.output.OutputDirectory;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.output.OutputKind;
import io.gpulab.engine.scenario.RunResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Writes the three report files of {@code gpulab verify} into a directory. */
public final class VerifyReport {

    /** The files' marks (docs/outputs.md): gpulab's own earlier report files are replaced without {@code --force}. */
    static final OutputKind XML = OutputKind.of("JUnit XML report", "name=\"gpulab.");
    static final OutputKind MARKDOWN = OutputKind.of("Markdown report", "# gpulab verify: ");
    static final OutputKind HTML = OutputKind.of("HTML report", "<title>gpulab verify: ");

    private VerifyReport() {
    }

    /**
     * Writes {@code TEST-gpulab-<scenario>.xml}, {@code <scenario>.md} and {@code <scenario>.html}, each whole or not
     * at all: a missing directory appears with all three or not at all (docs/outputs.md).
     *
     * @param force replace files gpulab did not write, or symbolic links (the links themselves)
     * @return the files written
     * @throws IOException naming the directory or file that was refused or could not be written
     */
    public static List<Path> write(RunResult run, String backend, double seconds, Path dir, boolean force)
            throws IOException {
        String base = base(run.scenario());
        return OutputDirectory.write(dir, force, List.of(
                new OutputDirectory.Part("TEST-gpulab-" + base + ".xml", XML,
                        out -> JUnitXmlWriter.write(run, backend, seconds, out)),
                new OutputDirectory.Part(base + ".md", MARKDOWN,
                        out -> out.write(MarkdownWriter.render(run, backend).getBytes(StandardCharsets.UTF_8))),
                new OutputDirectory.Part(base + ".html", HTML, out -> HtmlWriter.write(run, backend, out))));
    }

    /**
     * Refuses, before the run, a report directory {@link #write} would refuse (a file, a link, files gpulab did not
     * write under the report's names).
     */
    public static void check(String scenario, Path dir, boolean force) throws IOException {
        String base = base(scenario);
        OutputFile.Body none = out -> { };
        OutputDirectory.check(dir, force, List.of(new OutputDirectory.Part("TEST-gpulab-" + base + ".xml", XML, none),
                new OutputDirectory.Part(base + ".md", MARKDOWN, none), new OutputDirectory.Part(base + ".html", HTML, none)));
    }

    private static String base(String scenario) {
        return scenario.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
