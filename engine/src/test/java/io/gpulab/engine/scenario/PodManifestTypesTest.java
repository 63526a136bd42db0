package io.gpulab.engine.scenario;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * A submitted Pod manifest reaches the lab as Jackson's own Map binding of the file would give it: the API
 * server's quantity checks read {@code 20000} (a number), {@code 0.5} and {@code "8Gi"} differently, so a
 * loader that changed a value's type would change what the lab admits.
 */
class PodManifestTypesTest {

    private static final String POD = """
            apiVersion: v1
            kind: Pod
            metadata:
              name: p1
              labels: {team: a, tier: null}
              annotations: {note: "x", big: 3000000000, flag: true}
            spec:
              containers:
                - name: main
                  image: busybox
                  command: [sleep, "3600"]
                  resources:
                    limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 20000, cpu: 0.5, memory: 8Gi}
                    requests: {cpu: "250m"}
            """;

    @Test
    void theManifestIsWhatJacksonsMapBindingReads() throws Exception {
        String scenario = """
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: t}
                lab:
                  tenants:
                    - name: tenant-a
                      workers: [{name: w-a, cards: [{model: A100-80GB}]}]
                steps:
                  - submit:
                      tenant: tenant-a
                      pod:
                """ + POD.indent(10);
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        ObjectMapper jsonMapper = new ObjectMapper();
        for (boolean json : new boolean[] {false, true}) {
            String text = json ? jsonMapper.writeValueAsString(yaml.readValue(scenario, Map.class)) : scenario;
            Scenario s = new ScenarioReader().read(json ? "t.json" : "t.yaml", new StringReader(text), json);
            Map<String, Object> manifest = ((Step.Submit) s.steps().get(0)).manifest();

            Map<?, ?> expected = json
                    ? jsonMapper.readValue(jsonMapper.writeValueAsString(yaml.readValue(POD, Map.class)), Map.class)
                    : yaml.readValue(POD, Map.class);
            assertEquals(expected, manifest, json ? "JSON" : "YAML");
            Map<?, ?> limits = limits(manifest);
            assertInstanceOf(Integer.class, limits.get("nvidia.com/gpumem"));
            assertInstanceOf(Double.class, limits.get("cpu"));
            assertInstanceOf(String.class, limits.get("memory"));
            assertInstanceOf(Long.class, ((Map<?, ?>) ((Map<?, ?>) manifest.get("metadata")).get("annotations"))
                    .get("big"));
            assertEquals(List.of("sleep", "3600"), container(manifest).get("command"));
        }
    }

    private static Map<?, ?> container(Map<String, Object> manifest) {
        return (Map<?, ?>) ((List<?>) ((Map<?, ?>) manifest.get("spec")).get("containers")).get(0);
    }

    private static Map<?, ?> limits(Map<String, Object> manifest) {
        return (Map<?, ?>) ((Map<?, ?>) container(manifest).get("resources")).get("limits");
    }
}
