package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code gpulab run}: every step numbered and listed, every check with what it compared, when, and how long. */
class RunEvidenceTest {

    @Test
    void textListsEveryStepNumberedWithoutGaps() {
        CliHarness.Result r = CliHarness.run("run", "lock-lifecycle");
        assertEquals(0, r.exit(), r.err());
        List<Integer> numbers = new ArrayList<>();
        r.out().lines().filter(l -> l.matches(" +\\d+ (PASS|FAIL|done) .*"))
                .forEach(l -> numbers.add(Integer.parseInt(l.strip().split(" ")[0])));
        int steps = Integer.parseInt(r.out().lines().findFirst().orElseThrow().replaceAll(".*: (\\d+) steps.*", "$1"));
        List<Integer> expected = new ArrayList<>();
        for (int i = 1; i <= steps; i++) {
            expected.add(i);
        }
        assertEquals(expected, numbers, r.out());
        assertTrue(r.out().contains(" done four virtual minutes are not enough"), r.out());
        assertTrue(r.out().contains(" done unlock tenant-a tenant-a-worker") || r.out().contains(" done removing"),
                r.out());
    }

    @Test
    void aPassingCheckSaysWhatItComparedAndWhen() {
        CliHarness.Result r = CliHarness.run("run", "article");
        List<String> lines = r.out().lines().toList();
        int fourth = indexOfStep(lines, 4);
        String block = String.join("\n", lines.subList(fourth, fourth + 3));
        assertTrue(block.contains("PASS"), block);
        assertTrue(block.contains("virtual 2026-") && block.contains("wall "), block);
        assertTrue(block.contains("compared: phase = Pending; ") && block.contains("reason = CardInsufficientCore")
                && block.contains("failedNodes.tenant-a-worker = 1/1 CardInsufficientCore"), block);
    }

    @Test
    void aCreateRefusedAtAdmissionIsNotSaidToGoThroughAScheduler() {
        CliHarness.Result r = CliHarness.run("run", "running-is-not-proof");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        String observed = lines.get(indexOfStep(lines, 5) + 1);
        assertTrue(observed.contains("observed: Rejected by the API server: Error from server (InternalError)"),
                observed);
        assertFalse(observed.contains("via default-scheduler"), observed);
    }

    @Test
    void jsonCarriesLineTitleComparisonsAndBothTimes() throws Exception {
        CliHarness.Result r = CliHarness.run("run", "lock-lifecycle", "--json");
        JsonNode steps = new ObjectMapper().readTree(r.out()).get("steps");
        Instant before = null;
        for (JsonNode s : steps) {
            assertTrue(s.get("line").asInt() > 0, s.toString());
            assertFalse(s.get("title").asText().isEmpty(), s.toString());
            assertTrue(s.get("wallMillis").asDouble() >= 0, s.toString());
            Instant at = Instant.parse(s.get("virtualTime").asText());
            if ("advance".equals(s.get("action").asText())) {
                // the evidence of time: an advance moves the virtual clock by exactly what the file says
                Duration by = Duration.between(before, at);
                assertTrue(by.equals(Duration.ofMinutes(4)) || by.equals(Duration.ofMinutes(2)), s.toString());
            }
            if (s.get("check").asBoolean()) {
                assertTrue(s.get("compared").size() > 0, "a check with no comparison: " + s);
                s.get("compared").forEach(c -> assertTrue(c.get("held").asBoolean(), c.toString()));
            }
            before = at;
        }
    }

    private static int indexOfStep(List<String> lines, int n) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches(" +" + n + " (PASS|FAIL|done) .*")) {
                return i;
            }
        }
        throw new AssertionError("no step " + n + " in\n" + String.join("\n", lines));
    }
}
