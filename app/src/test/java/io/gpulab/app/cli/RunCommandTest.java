package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code gpulab run}: the JSON contract of docs/json-output.md and the exit codes 0/1/2. */
class RunCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static final String SMALL = """
            apiVersion: gpulab.io/v1
            kind: Scenario
            metadata: {name: small}
            lab:
              tenants:
                - name: tenant-a
                  workers:
                    - name: w-a
                      cards: [{model: A100-80GB}]
            steps:
              - submit:
                  tenant: tenant-a
                  pod:
                    apiVersion: v1
                    kind: Pod
                    metadata: {name: p1}
                    spec:
                      containers:
                        - name: main
                          image: busybox
                          resources:
                            limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 20000, nvidia.com/gpucores: 30}
                expect: {phase: Running, node: w-a}
            """;

    private static Set<String> keys(JsonNode n) {
        Set<String> out = new TreeSet<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void articleJsonShowsEightPassedChecksAndTheArticlesFinalState() throws Exception {
        CliHarness.Result r = CliHarness.run("run", "article", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode doc = JSON.readTree(r.out());
        assertEquals(Set.of("scenario", "steps", "state", "summary"), keys(doc));
        assertEquals("article", doc.get("scenario").asText());
        assertEquals(8, doc.at("/summary/passed").asInt());
        assertEquals(0, doc.at("/summary/failed").asInt());
        // the article's end state: 90 % of tenant-a's A100 of three cards, two pods pending for their own reasons
        assertEquals(900, doc.at("/summary/metrics/gpuAllocation/used").asLong());
        assertEquals(3000, doc.at("/summary/metrics/gpuAllocation/capacity").asLong());
        assertEquals(1, doc.at("/summary/metrics/pods/pendingByReason/CardInsufficientCore").asInt());
        assertEquals(1, doc.at("/summary/metrics/pods/pendingByReason/CardInsufficientMemory").asInt());
        assertTrue(doc.at("/summary/curve").size() > 0);
        assertEquals(Set.of("arrivedPct", "allocatedPct"), keys(doc.at("/summary/curve/0")));
        List<JsonNode> checks = new ArrayList<>();
        doc.get("steps").forEach(checks::add);
        assertEquals(8, checks.size());
        checks.forEach(s -> assertTrue(s.get("passed").asBoolean(), s.toString()));
        JsonNode first = checks.get(0);
        assertTrue(keys(first).containsAll(Set.of("index", "action", "tenant", "pod", "observed", "expect", "passed")));
        assertTrue(keys(first.get("observed")).containsAll(Set.of("phase", "node", "schedulerName", "reason",
                "message", "failedNodes", "devices")));
        assertEquals(Set.of("id", "memMB", "cores"), keys(first.at("/observed/devices/0")));
        assertEquals("Running", first.at("/observed/phase").asText());
        assertEquals(20000, first.at("/observed/devices/0/memMB").asInt());
        JsonNode fourth = checks.get(3);
        assertEquals("Pending", fourth.at("/observed/phase").asText());
        assertEquals("1/1 CardInsufficientCore", fourth.at("/observed/failedNodes/tenant-a-worker").asText());
        assertTrue(checks.get(4).at("/observed/reason").asText().contains("CardInsufficientMemory"));
        // beside HAMi's code and message, the reason in words from the lab's numbers, with its docs entry
        assertEquals("asks 90,000 MB of one card; the largest card here has 81,920 MB: it fits no card of this lab, "
                + "whatever is freed", checks.get(4).at("/observed/explanation/text").asText());
        assertEquals("docs/reasons.md#cardinsufficientmemory", checks.get(4).at("/observed/explanation/doc").asText());
        assertTrue(first.at("/observed/explanation").isMissingNode(), "a running pod needs no explanation");
        JsonNode card = doc.at("/state/tenants/0/nodes/0/cards/0");
        assertEquals(Set.of("id", "type", "memMB", "usedMemMB", "cores", "usedCores", "slots", "usedSlots",
                "health", "numa", "index"), keys(card));
        assertEquals(60000, card.get("usedMemMB").asInt());
        assertEquals(81920, card.get("memMB").asInt());
        assertEquals(90, card.get("usedCores").asInt());
        assertEquals(100, card.get("cores").asInt());
        assertEquals(3, card.get("usedSlots").asInt());
        assertEquals(10, card.get("slots").asInt());
        assertEquals(2, doc.at("/state/tenants/1/nodes/0/cards").size());
        assertTrue(doc.at("/state/tenants/0/nodes/0").has("lock"));
        // the registration as the device plugin wrote it, and as HAMi decodes it
        JsonNode reg = doc.at("/state/tenants/0/nodes/0/registration");
        assertTrue(reg.get("verbatim").asText().startsWith("[{\"id\":\"GPU-0\",\"count\":10,\"devmem\":81920"),
                reg.toString());
        assertEquals("NVIDIA A100-SXM4-80GB", reg.at("/devices/0/type").asText());
        assertEquals(0, reg.at("/devices/0/numa").asInt());
        assertTrue(reg.get("error").isNull(), reg.toString());
    }

    @Test
    void failedNodesCanBeBoundedPerPendingPodAndTheRestIsCounted(@TempDir Path dir) throws Exception {
        StringBuilder workers = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            workers.append("                - {name: w-").append(i).append(", cpu: 2, cards: [{model: L4-24GB, count: 1}]}\n");
        }
        Path file = dir.resolve("three.yaml");
        Files.writeString(file, """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: three}
                lab:
                  tenants:
                    - name: t
                      workers:
                """ + workers + """
                steps:
                  - submit:
                      tenant: t
                      pod:
                        apiVersion: v1
                        kind: Pod
                        metadata: {name: big}
                        spec:
                          containers:
                            - name: main
                              image: busybox
                              resources:
                                limits: {nvidia.com/gpu: 1, nvidia.com/gpucores: 10}
                                requests: {cpu: "4"}
                """);
        JsonNode whole = JSON.readTree(CliHarness.run("run", file.toString(), "--json").out());
        assertEquals(3, whole.at("/steps/0/observed/failedNodes").size());
        assertEquals("Insufficient cpu", whole.at("/steps/0/observed/failedNodes/w-2").asText());
        assertTrue(whole.at("/steps/0/observed/failedNodesOmitted").isMissingNode(), "nothing omitted by default");
        JsonNode bounded = JSON.readTree(CliHarness.run("run", file.toString(), "--json", "--failed-nodes", "2").out());
        assertEquals(Set.of("w-0", "w-1"), keys(bounded.at("/steps/0/observed/failedNodes")));
        assertEquals(1, bounded.at("/steps/0/observed/failedNodesOmitted").asInt());
        assertEquals("0/3 nodes are available: 3 Insufficient cpu.", bounded.at("/steps/0/observed/message").asText());
    }

    @Test
    void humanSummaryEndsWithTheTally() {
        CliHarness.Result r = CliHarness.run("run", "article");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("60,000/81,920 MB, 90/100 cores, 3/10 slots"), r.out());
        assertTrue(r.out().strip().endsWith("8 passed, 0 failed"), r.out());
    }

    @Test
    void aWrongExpectationExitsOneAndMarksTheStep(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("wrong.yaml");
        Files.writeString(file, SMALL.replace("phase: Running", "phase: Pending"));
        CliHarness.Result r = CliHarness.run("run", file.toString(), "--json");
        assertEquals(1, r.exit(), r.err());
        JsonNode doc = JSON.readTree(r.out());
        assertFalse(doc.at("/steps/0/passed").asBoolean());
        assertEquals(1, doc.at("/summary/failed").asInt());
        assertEquals("Pending", doc.at("/steps/0/expect/phase").asText());
        assertEquals("Running", doc.at("/steps/0/observed/phase").asText());
    }

    @Test
    void aStoppedKubeletShowsAsTheNodesConditionAndTaintsAndThePodsReadyCondition(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("kubelet.yaml");
        Files.writeString(file, SMALL + """
                  - fault: {tenant: tenant-a, node: w-a, kubelet: down}
                  - advance: 50s
                  - expectPod: {tenant: tenant-a, pod: p1, phase: Running}
                """);
        CliHarness.Result r = CliHarness.run("run", file.toString(), "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode doc = JSON.readTree(r.out());
        JsonNode started = doc.at("/steps/0/observed/ready");
        assertEquals("Ready", started.at("/type").asText());
        assertEquals("True", started.at("/status").asText());
        assertEquals("2026-01-01T00:00:00Z", started.at("/lastTransitionTime").asText());
        JsonNode ready = doc.at("/steps/3/observed/ready");
        assertEquals(List.of("type", "status", "reason", "message", "lastTransitionTime"), List.copyOf(
                names(ready)));
        assertEquals("False", ready.at("/status").asText());
        assertEquals("", ready.at("/reason").asText());
        assertEquals("2026-01-01T00:00:50Z", ready.at("/lastTransitionTime").asText());
        JsonNode node = doc.at("/state/tenants/0/nodes/0");
        assertEquals(List.of("name", "conditions", "taints", "lock", "cards", "registration"), names(node));
        assertEquals("Ready", node.at("/conditions/0/type").asText());
        assertEquals("Unknown", node.at("/conditions/0/status").asText());
        assertEquals("NodeStatusUnknown", node.at("/conditions/0/reason").asText());
        assertEquals("Kubelet stopped posting node status.", node.at("/conditions/0/message").asText());
        assertEquals("2026-01-01T00:00:50Z", node.at("/conditions/0/lastTransitionTime").asText());
        assertEquals(2, node.at("/taints").size());
        for (int i = 0; i < 2; i++) {
            assertEquals("node.kubernetes.io/unreachable", node.at("/taints/" + i + "/key").asText());
            assertEquals(i == 0 ? "NoSchedule" : "NoExecute", node.at("/taints/" + i + "/effect").asText());
            assertEquals("2026-01-01T00:00:50Z", node.at("/taints/" + i + "/timeAdded").asText());
        }
    }

    private static List<String> names(JsonNode n) {
        List<String> out = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void aPassingFileExitsZero(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ok.yaml");
        Files.writeString(file, SMALL);
        assertEquals(0, CliHarness.run("run", file.toString()).exit());
    }

    @Test
    void aBadScenarioExitsTwoNamingFileLineAndField(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, SMALL.replace("nvidia.com/gpumem: 20000", "nvidia.com/gpumem: abc"));
        CliHarness.Result r = CliHarness.run("run", file.toString(), "--json");
        assertEquals(2, r.exit());
        assertEquals("", r.out());
        assertTrue(r.err().contains(file + ":22: steps[0].submit.pod.spec.containers[0].resources.limits."
                + "\"nvidia.com/gpumem\": \"abc\" is not a Kubernetes quantity"), r.err());
    }

    @Test
    void anImpossibleStepExitsTwoBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, SMALL + "  - delete: {tenant: tenant-b, pod: p1}\n");
        CliHarness.Result r = CliHarness.run("run", file.toString());
        assertEquals(2, r.exit());
        assertEquals("", r.out());
        assertTrue(r.err().contains(file + ":24: steps[1].delete.tenant: unknown tenant 'tenant-b'"), r.err());
    }

    @Test
    void unknownScenarioAndMissingArgumentsExitTwo() {
        CliHarness.Result r = CliHarness.run("run", "no-such-scenario");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("not a built-in scenario"), r.err());
        assertEquals(2, CliHarness.run("run").exit());
        assertEquals(2, CliHarness.run("run", "article", "--bogus").exit());
    }
}
