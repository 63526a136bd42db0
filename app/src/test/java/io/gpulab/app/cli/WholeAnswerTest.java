package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gpulab.engine.output.OutputException;
import io.gpulab.engine.output.OutputFile;
import io.gpulab.engine.output.OutputKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code --json} answer reaches stdout whole or not at all, also when it is too large to be held as one string:
 * past the in-memory part it goes on through a temporary file that nobody else sees and that is gone afterwards.
 */
class WholeAnswerTest {

    private static final ObjectMapper READ = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** A document whose last property cannot be written, after many that can. */
    public record Breaks(List<String> rows) {
        public String getLast() {
            throw new IllegalStateException("this value cannot be written");
        }
    }

    /** Rows with characters of one, two, three and four UTF-8 bytes, so that a wrong copy would show. */
    private static List<String> rows(int n) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add("pod-" + i + " grün 80 € \uD83D\uDE80 \"quoted\"");
        }
        return rows;
    }

    private static String[] print(Object value, int inMemory) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        boolean printed = JsonOutput.print(new PrintWriter(out, true), new PrintWriter(err, true),
                "gpulab run: cannot write the answer as JSON", o -> {
                    JsonOutput.MAPPER.writeValue(o, value);
                    o.write(System.lineSeparator());
                }, inMemory);
        return new String[] {String.valueOf(printed), out.toString(), err.toString()};
    }

    /** The temporary files of this process left in the temporary directory. */
    private static List<Path> leftovers() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            String mine = "gpulab-answer-" + ProcessHandle.current().pid() + "-";
            return s.filter(p -> p.getFileName().toString().startsWith(mine)).toList();
        }
    }

    @Test
    void aValueThatFailsHalfWayPrintsNoPartOfTheDocumentWhetherHeldInMemoryOrInTheFile() throws Exception {
        Breaks value = new Breaks(rows(20_000));
        for (int inMemory : new int[] {WholeAnswer.IN_MEMORY_CHARS, 4096}) {
            String[] r = print(value, inMemory);
            assertEquals("false", r[0]);
            assertEquals("", r[1], "nothing on stdout");
            assertEquals(1, r[2].lines().count(), r[2]);
            assertTrue(r[2].startsWith("gpulab run: cannot write the answer as JSON: "), r[2]);
            assertTrue(r[2].contains("this value cannot be written"), r[2]);
        }
        assertEquals(List.of(), leftovers());
    }

    @Test
    void anAnswerLargerThanItsInMemoryPartIsPrintedWholeAndAsTheStringWouldBe() throws Exception {
        List<String> value = rows(20_000);
        String expected = JsonOutput.MAPPER.writeValueAsString(value) + System.lineSeparator();
        String[] r = print(value, 4096);
        assertEquals("true", r[0], r[2]);
        assertEquals("", r[2]);
        assertEquals(expected, r[1]);
        assertEquals(value.size(), READ.readTree(r[1]).size());
        assertEquals(List.of(), leftovers());
    }

    @Test
    void theTemporaryFileIsUsedOnlyPastTheInMemoryPartAndGoneWhileItIsOpen() throws Exception {
        try (WholeAnswer a = new WholeAnswer(100)) {
            a.write("x".repeat(100));
            assertFalse(a.spilled());
            a.write("y");
            assertTrue(a.spilled());
            assertEquals(List.of(), leftovers(), "unlinked at once: a killed process leaves no file");
            StringWriter out = new StringWriter();
            a.copyTo(out);
            assertEquals("x".repeat(100) + "y", out.toString());
        }
    }

    @Test
    void aScenarioFileThatFailsHalfWayIsNotLeftUnderItsName(@TempDir Path dir) {
        Path target = dir.resolve("s.json");
        OutputException e = assertThrows(OutputException.class, () -> OutputFile.write(target,
                OutputKind.of("scenario", "gpulab"), false,
                o -> JsonOutput.COMPACT.writeValue(o, new Breaks(rows(20_000)))));
        assertTrue(e.getMessage().contains("this value cannot be written"), e.getMessage());
        assertFalse(Files.exists(target));
        assertEquals(List.of(), dir.toFile().list() == null ? List.of() : List.of(dir.toFile().list()));
    }

    @Test
    void aRunWithThousandsOfPendingPodsAndAllTheirFailedNodesPrintsOneWholeDocument(@TempDir Path dir)
            throws Exception {
        int workers = 400;
        int pods = 1_400;
        StringBuilder s = new StringBuilder("""
                {"apiVersion": "gpulab.io/v1", "kind": "Scenario", "metadata": {"name": "full"},
                 "lab": {"tenants": [{"name": "t", "workers": [""");
        for (int i = 0; i < workers; i++) {
            s.append(i == 0 ? "" : ",").append("{\"name\": \"w-").append(i)
                    .append("\", \"cards\": [{\"model\": \"A100-80GB\", \"count\": 1}]}");
        }
        s.append("]}]}, \"steps\": [");
        for (int i = 0; i < pods; i++) {
            s.append(i == 0 ? "" : ",").append("{\"submit\": {\"tenant\": \"t\", \"pod\": {\"apiVersion\": \"v1\", ")
                    .append("\"kind\": \"Pod\", \"metadata\": {\"name\": \"p-").append(i).append("\"}, \"spec\": ")
                    .append("{\"containers\": [{\"name\": \"main\", \"image\": \"busybox\", \"resources\": {\"limits\": ")
                    .append("{\"nvidia.com/gpu\": 1, \"nvidia.com/gpucores\": 100}}}]}}}}");
        }
        Path file = Files.writeString(dir.resolve("full.json"), s.append("]}"));

        CliHarness.Result r = CliHarness.run("run", file.toString(), "--json");

        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().length() > WholeAnswer.IN_MEMORY_CHARS, "large enough to go through the file: "
                + r.out().length());
        JsonNode doc = READ.readTree(r.out());
        JsonNode steps = doc.get("steps");
        assertEquals(pods, steps.size());
        int pending = 0;
        for (JsonNode step : steps) {
            if ("Pending".equals(step.at("/observed/phase").asText())) {
                pending++;
                assertEquals(workers, step.at("/observed/failedNodes").size(), step.get("pod").asText());
            }
        }
        assertEquals(pods - workers, pending);
    }
}
