package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    void whyThisNodeWhyThisCardInTextAndJson() throws Exception {
        JsonNode why = new ObjectMapper().readTree(CliHarness.run("trace", "article", "--pod", "gpu-pod-2", "--json")
                .out()).get("why");
        assertEquals("tenant-a-worker", why.at("/filter/chosen").asText());
        assertEquals("binpack", why.at("/filter/nodePolicy").asText());
        assertEquals("default", why.at("/filter/weights/source").asText());
        JsonNode node = why.at("/filter/nodes/0");
        assertEquals("chosen", node.get("verdict").asText());
        // HAMi's node score counts existing usage only: gpu-pod-1's 20,000 MB and 30 cores on the one card
        assertEquals(10 * (1 / 10f + 30 / 100f + 20000 / 81920f), node.get("score").floatValue(), 1e-4);
        JsonNode card = node.at("/containers/0/cards/0");
        assertEquals("GPU-0", card.get("id").asText());
        assertEquals("taken", card.get("verdict").asText());
        assertEquals(0, card.get("numa").asInt());
        assertEquals("GPU-0,NVIDIA,20000,30:;", why.at("/allocated/annotation").asText());
        assertEquals("main", why.at("/allocated/containers/0/name").asText());
        assertEquals(20000, why.at("/allocated/containers/0/devices/0/usedMem").asInt());

        String text = CliHarness.run("trace", "article", "--pod", "gpu-pod-4").out();
        // gpu-pod-4 runs nowhere: HAMi's filter says why no node fits, not why this node, nor how one is chosen
        assertFalse(text.contains("why this node"), text);
        assertFalse(text.contains("is chosen"), text);
        String section = text.substring(text.indexOf("why no node fits: HAMi's last filter of the pod, at "));
        assertTrue(section.contains("node tenant-a-worker: fails: 1/1 CardInsufficientCore"), section);
        assertTrue(section.contains("1. GPU-0: index 0, NUMA 0, NVIDIA A100-SXM4-80GB; score "), section);
        assertTrue(section.contains("asked 20000 MB, 30 cores: CardInsufficientCore"), section);
    }

    @Test
    void aPodTheScenarioNeverSubmitsExitsTwo() {
        CliHarness.Result r = CliHarness.run("trace", "article", "--pod", "default/nope");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("no step submits pod default/nope"), r.err());
    }
}
