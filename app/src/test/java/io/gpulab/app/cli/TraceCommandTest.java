package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gpulab trace}: the chain of one pod, with evidence. */
class TraceCommandTest {

    @Test
    void theArticlesFourthPodEndsInCardInsufficientCore() {
        CliHarness.Result r = CliHarness.run("trace", "article", "--pod", "default/gpu-pod-4");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("pod default/gpu-pod-4 in tenant tenant-a"), r.out());
        assertTrue(r.out().contains("create") && r.out().contains("admission") && r.out().contains("filter"),
                r.out());
        List<String> stages = r.out().lines().filter(l -> l.matches("\\d+\\. .*")).toList();
        assertTrue(stages.get(stages.size() - 1).contains("filter"), r.out());
        String tail = r.out().substring(r.out().lastIndexOf(stages.get(stages.size() - 1)));
        assertTrue(tail.contains("CardInsufficientCore"), r.out());
    }

    @Test
    void jsonTraceEndsInTheFailedFilterStage() throws Exception {
        CliHarness.Result r = CliHarness.run("trace", "article", "--pod", "gpu-pod-4", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode steps = new ObjectMapper().readTree(r.out()).get("steps");
        JsonNode last = steps.get(steps.size() - 1);
        assertEquals("filter", last.get("stage").asText());
        assertEquals("FAILED", last.get("outcome").asText());
        assertTrue(last.toString().contains("CardInsufficientCore"), last.toString());
    }

    @Test
    void textListsEvidenceInTheOrderItAroseAsJsonTheWorkbenchAndThePdfDo() throws Exception {
        CliHarness.Result text = CliHarness.run("trace", "article", "--pod", "gpu-pod-4");
        JsonNode steps = new ObjectMapper().readTree(CliHarness.run("trace", "article", "--pod", "gpu-pod-4", "--json")
                .out()).get("steps");
        List<String> fromJson = new java.util.ArrayList<>();
        steps.forEach(st -> st.get("evidence").fieldNames().forEachRemaining(fromJson::add));
        List<String> fromText = text.out().lines().filter(l -> l.startsWith("       "))
                .map(l -> l.strip().substring(0, l.strip().indexOf(": "))).toList();
        assertEquals(fromJson, fromText);
        // the filter stage: HAMi's per-node reason, then its FilteringFailed event, then kube-scheduler's verdict
        // (sorted by key it read "event FailedScheduling" first)
        int filtering = fromText.indexOf("event FilteringFailed");
        assertTrue(filtering >= 0 && filtering < fromText.indexOf("event FailedScheduling"), fromText.toString());
    }

    @Test
    void aPodTheScenarioNeverSubmitsExitsTwo() {
        CliHarness.Result r = CliHarness.run("trace", "article", "--pod", "default/nope");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("no step submits pod default/nope"), r.err());
    }
}
