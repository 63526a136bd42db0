package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gpulab import openb}: a slice of the real trace becomes a scenario that loads and runs. */
class ImportCommandTest {

    // copied out of the class path: under `mvn verify` the engine's test resources come from its test-jar
    private static String slice(String name) throws java.io.IOException {
        Path copy = Files.createTempFile("openb-", "-" + name);
        copy.toFile().deleteOnExit();
        try (var in = ImportCommandTest.class.getResourceAsStream("/openb/" + name)) {
            Files.copy(java.util.Objects.requireNonNull(in, "/openb/" + name), copy,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return copy.toString();
    }

    @Test
    void importedSliceLoadsAndRuns(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("slice.yaml");
        CliHarness.Result imp = CliHarness.run("import", "openb", slice("nodes-slice.csv"), slice("pods-slice.csv"),
                "--tenants", "2", "--out", out.toString());
        assertEquals(0, imp.exit(), imp.err());
        assertTrue(Files.size(out) > 0);
        CliHarness.Result run = CliHarness.run("run", out.toString(), "--json");
        assertEquals(0, run.exit(), run.err());
        JsonNode doc = new ObjectMapper().readTree(run.out());
        assertEquals("openb", doc.get("scenario").asText());
        long running = 0;
        for (JsonNode s : doc.get("steps")) {
            if ("submit".equals(s.get("action").asText()) && "Running".equals(s.at("/observed/phase").asText())) {
                running++;
            }
        }
        assertTrue(running > 50, "running submits: " + running);
        assertEquals(2, doc.at("/state/tenants").size());
    }

    @Test
    void jsonOutputIsChosenByExtension(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("slice.json");
        assertEquals(0, CliHarness.run("import", "openb", slice("nodes-slice.csv"), slice("pods-slice.csv"),
                "--out", out.toString()).exit());
        assertEquals("gpulab.io/v1", new ObjectMapper().readTree(out.toFile()).get("apiVersion").asText());
    }

    @Test
    void fgdArrivalsSaturateTheSliceAndTheRunReportsTheCurve(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("fgd.json");
        CliHarness.Result imp = CliHarness.run("import", "openb", slice("nodes-slice.csv"), slice("pods-slice.csv"),
                "--arrivals", "fgd", "--inflate", "1.3", "--seed", "7", "--out", out.toString());
        assertEquals(0, imp.exit(), imp.err());
        assertTrue(imp.out().contains("fgd arrivals; rows skipped: none"), imp.out());
        CliHarness.Result run = CliHarness.run("run", out.toString(), "--json");
        assertEquals(0, run.exit(), run.err());
        JsonNode summary = new ObjectMapper().readTree(run.out()).get("summary");
        JsonNode curve = summary.get("curve");
        assertTrue(curve.size() >= 125, "arrivals reach ~130 % of the GPU capacity: " + curve.size());
        assertTrue(summary.at("/metrics/pods/pending").asInt() > 0, "an inflated workload leaves pods pending");
        assertTrue(summary.at("/metrics/gpuAllocation/pct").asDouble() < 100);
    }

    @Test
    void inflateWithoutFgdArrivalsIsRefused() throws Exception {
        CliHarness.Result r = CliHarness.run("import", "openb", slice("nodes-slice.csv"), slice("pods-slice.csv"),
                "--inflate", "2");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--arrivals fgd only"), r.err());
    }

    @Test
    void unreadableInputExitsTwo(@TempDir Path dir) throws Exception {
        CliHarness.Result r = CliHarness.run("import", "openb", dir.resolve("none.csv").toString(),
                slice("pods-slice.csv"));
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("none.csv"), r.err());
    }
}
