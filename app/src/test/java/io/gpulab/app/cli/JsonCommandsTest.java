package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.cluster.ClusterLabFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every {@code --json} command prints one whole JSON document through one mapper: against fabric8's mock API server
 * (a Kamaji management cluster, tenants with pods and events) where the command reads a cluster, on the simulation
 * where it does not.
 */
@EnableKubernetesMockClient(crud = true)
class JsonCommandsTest {

    /** Refuses anything after the document. */
    private static final ObjectMapper READ = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    KubernetesClient client;
    @TempDir
    Path dir;

    /** One whole document on stdout, nothing on stderr. */
    private static JsonNode document(CliHarness.Result r) throws Exception {
        assertEquals("", r.err(), r.err());
        return READ.readTree(r.out());
    }

    @Test
    void theCommandsWithJsonAreTheOnesThisTestRuns() {
        Set<String> withJson = new TreeSet<>();
        for (CommandLine sub : GpulabCommand.commandLine().getSubcommands().values()) {
            if (sub.getCommandSpec().findOption("--json") != null) {
                withJson.add(sub.getCommandName());
            }
        }
        assertEquals(new TreeSet<>(Set.of("bench", "catalog", "isolation", "plan", "run", "trace", "why-pending")),
                withJson,
                "a new --json command needs its case here");
    }

    @Test
    void whyPendingOnALivePodWithEventsPrintsTheEventTimesAsIsoText() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            CliHarness.Result r = CliHarness.run("why-pending", "--kubeconfig", lab.managementKubeconfig.toString(),
                    "--tenant", "tenant-a", "--pod", "default/gpu-pod-2", "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode doc = document(r);
            JsonNode event = doc.get("clusterEvents").get(0);
            assertEquals("FilteringFailed", event.get("reason").asText());
            Instant.parse(event.get("time").asText()); // ISO-8601, not epoch numbers
            assertEquals("CardInsufficientMemory", doc.at("/cards/0/reason").asText());
        }
    }

    @Test
    void aPlanOnTheClustersPodsPrintsOneDocument() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            Path plan = ClusterPlan.write(dir);
            CliHarness.Result r = CliHarness.run("plan", plan.toString(), "--kubeconfig",
                    lab.managementKubeconfig.toString(), "--json");
            assertEquals(0, r.exit(), r.err());
            JsonNode doc = READ.readTree(r.out());
            assertEquals("from-cluster", doc.get("plan").asText());
            assertTrue(doc.at("/workload/pods").asInt() > 0, r.out());
            assertEquals(2, doc.get("candidates").size());
        }
    }

    @Test
    void theSimulationsJsonCommandsPrintOneDocumentEach() throws Exception {
        assertEquals(8, document(CliHarness.run("run", "article", "--json")).at("/summary/passed").asInt());
        assertEquals("default/gpu-pod-1", document(CliHarness.run("trace", "article", "--pod", "default/gpu-pod-1",
                "--json")).get("podKey").asText());
        assertTrue(document(CliHarness.run("catalog", "--json")).get("models").size() > 5);
        assertEquals("article", document(CliHarness.run("isolation", "article", "--json")).get("scenario").asText());
        assertEquals(10, document(CliHarness.run("bench", "--nodes", "10", "--pods", "20", "--json")).get("nodes")
                .asInt());
        JsonNode plan = READ.readTree(CliHarness.run("plan", "inference-a100-vs-l4", "--json").out());
        assertFalse(plan.get("candidates").isEmpty());
    }
}
