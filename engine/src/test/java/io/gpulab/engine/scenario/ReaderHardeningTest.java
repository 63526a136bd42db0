package io.gpulab.engine.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each reader defect found by fuzzing, as a file a user could write: a clear one-screen error naming file,
 * line and field, never a stack overflow, a hang, gigabytes of memory or a silent wrong value.
 */
class ReaderHardeningTest {

    @TempDir
    Path dir;

    private ScenarioException bad(String name, byte[] content) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, content);
        ScenarioException e = assertThrows(ScenarioException.class, () -> new ScenarioReader().read(f));
        assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
        assertTrue(e.getMessage().length() < 600, "more than one screen: " + e.getMessage().length() + " chars");
        return e;
    }

    private ScenarioException bad(String yaml) throws Exception {
        return bad("t.yaml", yaml.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aLongButValidDurationIsAnErrorNotAStackOverflow() throws Exception {
        ScenarioException e = bad(ScenarioReaderTest.BASE.replace("nodeLockTimeout: 5m", "nodeLockTimeout: "
                + "1m".repeat(1000)));
        assertEquals("lab.hami.nodeLockTimeout", e.path());
        assertTrue(e.problem().startsWith("a duration has at most 256 characters"), e.getMessage());
    }

    @Test
    void aDurationTooLongToRepresentIsRefusedNotWrapped() throws Exception {
        ScenarioException e = bad(ScenarioReaderTest.BASE.replace("nodeLockTimeout: 5m",
                "nodeLockTimeout: 2562047788015216h"));
        assertTrue(e.problem().contains("longer than the longest duration allowed (87600h)"), e.getMessage());
        e = bad(ScenarioReaderTest.BASE.replace("- advance: 5m", "- advance: 87601h"));
        assertEquals("steps[1].advance", e.path());
    }

    @Test
    void tenMillionCardsAreRefusedBeforeAnyIsMade() throws Exception {
        ScenarioException e = bad(ScenarioReaderTest.BASE.replace("count: 1}", "count: 10000000}"));
        assertEquals(12, e.line(), e.getMessage());
        assertTrue(e.problem().contains("card count must be between 1 and 64 (cards per worker), got 10000000"),
                e.getMessage());
        String two = ScenarioReaderTest.BASE.replace("- {model: A100-80GB, count: 1}",
                "- {model: A100-80GB, count: 40}\n            - {model: L4-24GB, count: 40}");
        assertTrue(bad(two).problem().contains("worker w-a has 80 cards; a worker has at most 64"));
    }

    @Test
    void errorsQuoteAtMostEightyCharactersOfAValue() throws Exception {
        String huge = "x".repeat(60_000); // under the YAML line limit; JSON below takes 1 MB values
        ScenarioException e = bad(ScenarioReaderTest.BASE.replace("name: w-a", "name: " + huge));
        assertTrue(e.getMessage().contains("x".repeat(80) + "... (60000 characters)"), e.getMessage());
        String json = "{\"apiVersion\":\"gpulab.io/v1\",\"kind\":\"Scenario\",\"metadata\":{\"name\":\"t\"},"
                + "\"lab\":{\"tenants\":[{\"name\":\"t\",\"workers\":[{\"name\":\"" + "y".repeat(1_000_000) + "\"}]}]}}";
        e = bad("t.json", json.getBytes(StandardCharsets.UTF_8));
        assertTrue(e.getMessage().contains("y".repeat(80) + "... (1000000 characters)"), e.getMessage());
        e = bad(ScenarioReaderTest.BASE.replace("nodeLockTimeout: 5m", "nodeLockTimeout: \"" + huge + "\""));
        assertTrue(e.getMessage().length() < 400, e.getMessage());
        e = bad("k.json", ("{\"apiVersion\":\"gpulab.io/v1\",\"kind\":\"Scenario\",\"metadata\":{\"name\":\"t\"},"
                + "\"lab\":{\"" + "k".repeat(40_000) + "\":1}}").getBytes(StandardCharsets.UTF_8));
        assertTrue(e.getMessage().contains("unknown key") && e.getMessage().contains(" characters)"), e.getMessage());
    }

    @Test
    void aFileThatIsNoScenarioSaysSoQuotingOnlyItsStart() throws Exception {
        String passwd = "root:x:0:0:root:/root:/bin/bash\n".repeat(200);
        ScenarioException e = bad("passwd", passwd.getBytes(StandardCharsets.UTF_8));
        assertEquals(1, e.line());
        assertTrue(e.problem().startsWith("not a gpulab scenario: expected a mapping that starts with apiVersion: "
                + "gpulab.io/v1, got \"root:x:0:0:root:/root:/bin/bash root:x:0"), e.getMessage());
    }

    @Test
    void yamlAliasesAndAnchorsAreRefusedByName() throws Exception {
        String aliased = ScenarioReaderTest.BASE.replace("metadata: {name: t}", "metadata: {name: &n t}");
        ScenarioException e = bad(aliased);
        assertEquals("metadata.name", e.path());
        assertTrue(e.problem().startsWith("YAML anchors (&n) are not supported"), e.getMessage());
        e = bad(ScenarioReaderTest.BASE.replace("tenants:", "tenants: &all"));
        assertEquals("lab.tenants", e.path());
        assertTrue(e.problem().startsWith("YAML anchors (&all) are not supported"), e.getMessage());
        // a quoted "&" is text, not an anchor
        new ScenarioReader().read("t.yaml", new java.io.StringReader(ScenarioReaderTest.BASE.replace(
                "metadata: {name: t}", "metadata: {name: t, description: \"&not-an-anchor\"}")), false);
        // a bare alias used to become its anchor's name: "unknown tenant 'tenant-a' (lab tenants: n)"
        String alias = ScenarioReaderTest.BASE.replace("- name: tenant-a", "- name: *n");
        e = bad(alias);
        assertEquals(7, e.line(), e.getMessage());
        assertTrue(e.problem().startsWith("YAML aliases (*n) are not supported"), e.getMessage());
    }

    @Test
    void stepsNullIsAnErrorNotARunWithoutChecks() throws Exception {
        String base = ScenarioReaderTest.BASE;
        ScenarioException e = bad(base.substring(0, base.indexOf("steps:")) + "steps: null\n");
        assertEquals("steps", e.path());
        assertEquals(13, e.line());
        assertTrue(e.problem().startsWith("is empty (null)"), e.getMessage());
    }

    @Test
    void invalidUtf8NamesTheByteOffsetAndLine() throws Exception {
        byte[] text = ScenarioReaderTest.BASE.getBytes(StandardCharsets.UTF_8);
        int at = ScenarioReaderTest.BASE.indexOf("name: t}") + 7;
        byte[] broken = new byte[text.length + 1];
        System.arraycopy(text, 0, broken, 0, at);
        broken[at] = (byte) 0xFF;
        System.arraycopy(text, at, broken, at + 1, text.length - at);
        ScenarioException e = bad("t.yaml", broken);
        assertEquals(3, e.line());
        assertEquals("not UTF-8 text: invalid byte 0xFF at byte offset " + at, e.problem());
    }

    @Test
    void aBinaryFileIsNamedAsOne() throws Exception {
        ScenarioException e = bad("t.yaml", new byte[] {'a', ':', ' ', 0, 1, 2});
        assertEquals("not a text file: a NUL byte at byte offset 3", e.problem());
    }

    @Test
    void aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws Exception {
        Path f = dir.resolve("big.yaml");
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(ReaderLimits.MAX_FILE_BYTES + 1); // sparse: nothing is written
        }
        ScenarioException e = assertThrows(ScenarioException.class, () -> new ScenarioReader().read(f));
        assertTrue(e.problem().contains("files are limited to 268,435,456 bytes (256 MiB)"), e.getMessage());
    }

    @Test
    void aFileOfEmptyListsIsRefusedAtTheMapsAndListsLimitNotRunOutOfMemory() throws Exception {
        // three bytes of text each and ~30 bytes of memory: the file-size limit alone let 256 MiB of them take GBs
        StringBuilder json = new StringBuilder("{\"apiVersion\":\"gpulab.io/v1\",\"kind\":\"Scenario\",\n\"x\":[");
        for (int i = 0; i <= ReaderLimits.MAX_CONTAINERS; i++) {
            json.append("[],");
        }
        json.append("[]]}");
        ScenarioException e = bad("many.json", json.toString().getBytes(StandardCharsets.US_ASCII));
        assertEquals(String.format(java.util.Locale.ROOT, "more than %,d maps and lists; a file holds at most %,d (a "
                + "20,000-worker lab with 300,000 pods has about 3 million)", ReaderLimits.MAX_CONTAINERS,
                ReaderLimits.MAX_CONTAINERS), e.problem());
        assertEquals(2, e.line(), e.getMessage());
    }

    @Test
    void aFileOfNumbersIsRefusedAtTheValuesLimit() throws Exception {
        StringBuilder json = new StringBuilder("{\"apiVersion\":\"gpulab.io/v1\",\"kind\":\"Scenario\",\n\n\"x\":[");
        for (int i = 0; i < ReaderLimits.MAX_VALUES; i++) {
            json.append("0,");
        }
        json.append("0]}");
        ScenarioException e = bad("numbers.json", json.toString().getBytes(StandardCharsets.US_ASCII));
        assertEquals(String.format(java.util.Locale.ROOT, "more than %,d values (maps, lists, texts, numbers); a file "
                + "holds at most %,d (a 20,000-worker lab with 300,000 pods has about 6 million)",
                ReaderLimits.MAX_VALUES, ReaderLimits.MAX_VALUES), e.problem());
        assertEquals(3, e.line(), e.getMessage());
    }

    @Test
    void aYamlLineOverTheLimitIsRefusedWhileLongJsonLinesStillLoad() throws Exception {
        String description = "a".repeat(ReaderLimits.MAX_YAML_LINE_CHARS + 1);
        ScenarioException e = bad(ScenarioReaderTest.BASE.replace("metadata: {name: t}",
                "metadata: {name: t, description: \"" + description + "\"}"));
        assertEquals(3, e.line());
        assertTrue(e.problem().startsWith("line 3 is 65,573 characters long; YAML lines are limited to 65,536"),
                e.getMessage());
        // the same document as one JSON line of 2 MB: Jackson's JSON parser is linear, so no line limit
        String json = "{\"apiVersion\":\"gpulab.io/v1\",\"kind\":\"Scenario\",\"metadata\":{\"name\":\"t\",\"description\":\""
                + "a".repeat(2_000_000) + "\"},\"lab\":{\"tenants\":[{\"name\":\"t\",\"workers\":[{\"name\":\"w\"}]}]}}";
        Path f = dir.resolve("long.json");
        Files.writeString(f, json);
        assertEquals(2_000_000, new ScenarioReader().read(f).lab().description().length());
    }
}
