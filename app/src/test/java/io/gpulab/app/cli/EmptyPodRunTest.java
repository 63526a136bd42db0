package io.gpulab.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A submitted pod with {@code containers: []} reaches the sim's API server: mutating admission runs before
 * validation, so HAMi's webhook answers; a pod that opts out of the webhook gets validation's answer.
 */
class EmptyPodRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String scenario(String labels) {
        return """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: empty}
                lab:
                  tenants:
                    - name: t
                      workers:
                        - name: w
                          cards: [{model: A100-80GB}]
                steps:
                  - submit:
                      tenant: t
                      pod:
                        apiVersion: v1
                        kind: Pod
                        metadata: {name: p%s}
                        spec:
                          containers: []
                    expect: {phase: Rejected}
                """.formatted(labels);
    }

    @Test
    void hamisWebhookDeniesAPodWithNoContainers(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("empty.yaml");
        Files.writeString(file, scenario(""));
        CliHarness.Result r = CliHarness.run("run", file.toString(), "--json");
        assertEquals(0, r.exit(), r.out() + r.err());
        JsonNode observed = JSON.readTree(r.out()).at("/steps/0/observed");
        assertEquals("Rejected", observed.get("phase").asText());
        assertEquals("Error from server (Forbidden): admission webhook \"vgpu.hami.io\" denied the request: "
                + "pod has no containers", observed.get("message").asText());
    }

    @Test
    void withoutTheWebhookValidationRefusesIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("empty.yaml");
        Files.writeString(file, scenario(", labels: {hami.io/webhook: ignore}"));
        CliHarness.Result r = CliHarness.run("run", file.toString(), "--json");
        assertEquals(0, r.exit(), r.out() + r.err());
        String message = JSON.readTree(r.out()).at("/steps/0/observed/message").asText();
        assertTrue(message.endsWith("spec.containers: Required value"), message);
        assertTrue(!message.contains("vgpu.hami.io"), message);
    }

    @Test
    void anExistingPodWithNoContainersIsStillAnErrorAtLoadTime(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("existing.yaml");
        Files.writeString(file, """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: existing}
                lab:
                  tenants:
                    - name: t
                      workers:
                        - name: w
                          cards: [{model: A100-80GB}]
                          pods:
                            - apiVersion: v1
                              kind: Pod
                              metadata: {name: old}
                              spec:
                                containers: []
                steps: []
                """);
        CliHarness.Result r = CliHarness.run("run", file.toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("existing.yaml:") && r.err().contains("at least one container"), r.err());
    }
}
