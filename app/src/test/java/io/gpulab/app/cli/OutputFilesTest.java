package io.gpulab.app.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The commands' output files follow docs/outputs.md: gpulab's own earlier output is replaced, anything else only
 * with --force, links and directories never written through, each refusal one line and exit 2, before the work.
 */
class OutputFilesTest {

    private static List<String> names(Path dir) throws java.io.IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void assertOneLine(String err) {
        assertEquals(1, err.strip().lines().count(), err);
        assertFalse(err.contains("Exception"), err);
    }

    @Test
    void aReportIsWrittenAgainOverItselfButNotOverSomeoneElsesPdf(@TempDir Path dir) throws Exception {
        Path pdf = dir.resolve("r.pdf");
        assertEquals(0, CliHarness.run("report", "article", "--out", pdf.toString()).exit());
        CliHarness.Result again = CliHarness.run("report", "article", "--out", pdf.toString());
        assertEquals(0, again.exit(), again.err());

        Path theirs = dir.resolve("theirs.pdf");
        Files.writeString(theirs, "%PDF-1.4\n% a PDF made by someone else\n");
        CliHarness.Result r = CliHarness.run("report", "article", "--out", theirs.toString());
        assertEquals(2, r.exit());
        assertEquals("gpulab report: " + theirs + ": refused: the file exists and is not a PDF report gpulab wrote; "
                + "choose another name, or add --force to replace it", r.err().strip());
        assertEquals("%PDF-1.4\n% a PDF made by someone else\n", Files.readString(theirs));
        assertEquals(0, CliHarness.run("report", "article", "--out", theirs.toString(), "--force").exit());
        assertTrue(Files.size(theirs) > 10_000);
        assertEquals(List.of("r.pdf", "theirs.pdf"), names(dir), "no temporary file left");
    }

    @Test
    void aLinkAtTheTargetIsRefusedAndWhatItPointsToIsLeftAlone(@TempDir Path dir) throws Exception {
        Path victim = Files.writeString(dir.resolve("bashrc"), "export PATH\n");
        Path link = Files.createSymbolicLink(dir.resolve("s.yaml"), victim);
        Path dangling = Files.createSymbolicLink(dir.resolve("d.pdf"), dir.resolve("nowhere/x.pdf"));
        CliHarness.Result r = CliHarness.run("import", "snapshot", "--tenant", "t=" + emptyDump(dir), "--out",
                link.toString());
        assertEquals(2, r.exit());
        assertOneLine(r.err());
        assertTrue(r.err().contains(link + ": refused: it is a symbolic link (to " + victim + ")"), r.err());
        CliHarness.Result d = CliHarness.run("report", "article", "--out", dangling.toString());
        assertEquals(2, d.exit());
        assertOneLine(d.err());
        assertEquals("export PATH\n", Files.readString(victim));
        assertFalse(Files.exists(dir.resolve("nowhere")));
    }

    private static Path emptyDump(Path dir) throws java.io.IOException {
        return Files.writeString(dir.resolve("dump.yaml"), "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n"
                + "  kind: Node\n  metadata: {name: w1}\n  status: {capacity: {cpu: '8', memory: 32Gi}}\n");
    }

    @Test
    void aSnapshotScenarioIsMarkedAndItsEndIsChecked(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("s.yaml");
        CliHarness.Result imp = CliHarness.run("import", "snapshot", "--tenant", "t=" + emptyDump(dir), "--out",
                out.toString());
        assertEquals(0, imp.exit(), imp.err());
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertTrue(text.contains("  generator: gpulab "), text);
        assertTrue(text.endsWith("end: true\n"), text);
        assertEquals(0, CliHarness.run("import", "snapshot", "--tenant", "t=" + emptyDump(dir), "--out",
                out.toString()).exit(), "gpulab's own scenario is replaced");
        assertEquals(0, CliHarness.run("run", out.toString()).exit());

        Files.writeString(out, text.substring(0, text.indexOf("end: true")));
        CliHarness.Result cut = CliHarness.run("run", out.toString());
        assertEquals(2, cut.exit());
        assertOneLine(cut.err());
        assertTrue(cut.err().contains(": the file is cut short: metadata.generator (gpulab "), cut.err());
    }

    @Test
    void aPlanRefusesItsReportBeforeItReplays(@TempDir Path dir) throws Exception {
        Path theirs = Files.writeString(dir.resolve("decision.pdf"), "not ours");
        CliHarness.Result r = CliHarness.run("plan", "inference-a100-vs-l4", "--out", theirs.toString());
        assertEquals(2, r.exit());
        assertEquals("gpulab plan: " + theirs + ": refused: the file exists and is not a PDF report gpulab wrote; "
                + "choose another name, or add --force to replace it", r.err().strip(), "no progress line: no replay");
        Path csvAsFile = Files.writeString(dir.resolve("csv"), "x");
        CliHarness.Result c = CliHarness.run("plan", "inference-a100-vs-l4", "--csv", csvAsFile.toString());
        assertEquals(2, c.exit());
        assertEquals("gpulab plan: " + csvAsFile + ": refused: it is a file, not a directory", c.err().strip());
    }

    @Test
    void aPlansCsvFilesAreWrittenAgainIntoTheirDirectory(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("csv");
        assertEquals(0, CliHarness.run("plan", "inference-a100-vs-l4", "--csv", csv.toString()).exit());
        assertEquals(List.of("candidates.csv", "curves.csv", "pending.csv"), names(csv));
        Files.writeString(csv.resolve("notes.txt"), "mine");
        CliHarness.Result again = CliHarness.run("plan", "inference-a100-vs-l4", "--csv", csv.toString());
        assertEquals(0, again.exit(), again.err());
        assertEquals(List.of("candidates.csv", "curves.csv", "notes.txt", "pending.csv"), names(csv));
        assertEquals(List.of("csv"), names(dir), "no temporary directory left");
    }

    @Test
    void verifyWritesAFreshReportDirectoryAndRefusesForeignFilesInAnExistingOne(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report");
        assertEquals(0, CliHarness.run("verify", "article", "--report", report.toString()).exit());
        assertEquals(List.of("TEST-gpulab-article.xml", "article.html", "article.md"), names(report));
        assertEquals(0, CliHarness.run("verify", "article", "--report", report.toString()).exit(), "again");
        assertEquals(0, CliHarness.run("verify", "lock-lifecycle", "--report", report.toString()).exit());
        assertEquals(6, names(report).size(), "two scenarios share the directory");

        Files.writeString(report.resolve("article.md"), "# my notes on the article\n");
        CliHarness.Result r = CliHarness.run("verify", "article", "--report", report.toString());
        assertEquals(2, r.exit());
        assertOneLine(r.err());
        assertTrue(r.err().contains(report.resolve("article.md") + ": refused"), r.err());
        assertEquals("# my notes on the article\n", Files.readString(report.resolve("article.md")));
        assertEquals(List.of("report"), names(dir));
    }

    @Test
    void aScreenshotIsNeverWrittenOverADirectory(@TempDir Path dir) throws Exception {
        // refused before the toolkit starts; replacing gpulab's own PNG: PngExportTest
        Path empty = Files.createDirectory(dir.resolve("shots"));
        CliHarness.Result d = CliHarness.run("screenshot", "article", "--out", empty.toString());
        assertEquals(2, d.exit());
        assertEquals("gpulab screenshot: " + empty + ": refused: it is a directory; give a file name, e.g. "
                + empty.resolve("out.png"), d.err().strip());
        assertTrue(Files.isDirectory(empty), "the directory is kept");
        Path theirs = Files.writeString(dir.resolve("l.json"), "{}");
        CliHarness.Result l = CliHarness.run("screenshot", "article", "--out", dir.resolve("s.png").toString(),
                "--layout", theirs.toString());
        assertEquals(2, l.exit());
        assertTrue(l.err().startsWith("gpulab screenshot: " + theirs + ": refused: the file exists and is not a "
                + "layout report gpulab wrote"), l.err());
        assertEquals(List.of("l.json", "shots"), names(dir));
    }
}
