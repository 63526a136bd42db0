package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code gpulab bench}: the JSON contract and bad arguments. */
class BenchCommandTest {

    @Test
    void jsonHasTheDocumentedFieldsAndTheCheckPasses() throws Exception {
        CliHarness.Result r = CliHarness.run("bench", "--nodes", "20", "--cards-per-node", "4", "--pods", "300",
                "--seed", "3", "--check", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        for (String f : List.of("nodes", "cards", "pods", "scheduled", "podsPerSecond", "p50Micros", "p99Micros",
                "peakHeapMB")) {
            assertTrue(j.has(f), f + " missing in " + r.out());
        }
        assertEquals(80, j.get("cards").asInt());
        assertEquals(0, j.get("mismatches").asInt());
        assertTrue(j.get("scheduled").asInt() > 0);
    }

    @Test
    void badPolicyIsAUsageError() {
        CliHarness.Result r = CliHarness.run("bench", "--nodes", "2", "--pods", "1", "--policy", "pack");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("policy must be binpack or spread"), r.err());
    }

    @Test
    void argumentsBeyondTheLimitsAreRefusedNamingThem() {
        for (String[] args : List.of(new String[] {"--nodes", "1000000000"}, new String[] {"--cards-per-node", "100000"},
                new String[] {"--pods", "2147483647"}, new String[] {"--nodes", "100000", "--cards-per-node", "64"})) {
            List<String> line = new java.util.ArrayList<>(List.of("bench"));
            line.addAll(List.of(args));
            CliHarness.Result r = CliHarness.run(line.toArray(String[]::new));
            assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("gpulab bench: at most --nodes 100,000, --cards-per-node 64, 1,000,000 cards "
                    + "in all and --pods 1,000,000; got "), r.err());
        }
    }
}
