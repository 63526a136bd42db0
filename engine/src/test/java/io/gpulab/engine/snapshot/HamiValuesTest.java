package io.gpulab.engine.snapshot;

import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.sim.SimBackend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A team's HAMi chart values become the lab's HAMi settings; keys the lab does not read are listed. */
class HamiValuesTest {

    @TempDir
    Path dir;

    private static final String VALUES = """
            resourceMem: "example.com/vmem"
            schedulerName: "hami-scheduler"
            scheduler:
              defaultSchedulerPolicy:
                nodeSchedulerPolicy: spread
                gpuSchedulerPolicy: binpack
              forceOverwriteDefaultScheduler: false
              nodeLockExpire: "2m"
              admissionWebhook:
                failurePolicy: Fail
                reinvocationPolicy: Never
            devices:
              nvidia:
                gpuCorePolicy: force
                libCudaLogLevel: 1
            devicePlugin:
              deviceSplitCount: 5
              deviceMemoryScaling: 1
              image:
                repository: "projecthami/hami"
              nodeConfiguration:
                config: |
                  {"nodeconfig": [{"name": "w2", "operatingmode": "mps", "devicesplitcount": 3,
                    "migstrategy": "none", "filterdevices": {"uuid": [], "index": [1]}}]}
            """;

    @Test
    void theChartsValuesBecomeTheLabsHamiSettings() throws Exception {
        Path f = dir.resolve("values.yaml");
        Files.writeString(f, VALUES);
        HamiValues.Result r = HamiValues.read(f);
        assertTrue(r.notRead().contains("devicePlugin.image.repository: not modelled by the lab"),
                r.notRead().toString());
        assertTrue(r.notRead().contains("scheduler.admissionWebhook.reinvocationPolicy: not modelled by the lab"));
        assertTrue(r.notRead().contains("devicePlugin.nodeConfiguration.config nodeconfig[0].migstrategy: "
                + "not modelled by the lab"), r.notRead().toString());

        Map<String, Object> lab = new LinkedHashMap<>();
        lab.put("hami", r.hami());
        lab.put("tenants", List.of(Map.of("name", "t", "workers", List.of(
                Map.of("name", "w1", "cards", List.of(Map.of("model", "L4-24GB"))),
                Map.of("name", "w2", "cards", List.of(Map.of("model", "L4-24GB", "count", 2)))))));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("apiVersion", "gpulab.io/v1");
        doc.put("kind", "Scenario");
        doc.put("metadata", Map.of("name", "values"));
        doc.put("lab", lab);
        doc.put("steps", List.of());
        Scenario s = new ScenarioReader().read("s.yaml", new StringReader(ScenarioYaml.toString(doc)), false);
        var hami = s.lab().hami();
        assertEquals("example.com/vmem", hami.resourceNames().memory());
        assertEquals("force", hami.gpuCorePolicy(), "devices.nvidia.gpuCorePolicy");
        assertTrue(r.notRead().contains("devices.nvidia.libCudaLogLevel: not modelled by the lab"),
                r.notRead().toString());
        assertEquals(List.of("spread", "binpack", "Fail", false), List.of(hami.nodeSchedulerPolicy(),
                hami.gpuSchedulerPolicy(), hami.webhookFailurePolicy(), hami.forceOverwriteDefaultScheduler()));
        // the chart's nodeLockExpire is kept as written, but HAMi v2.10's scheduler replaces HAMI_NODELOCK_EXPIRE with
        // its --node-lock-timeout flag (5m, cmd/scheduler/main.go), which the chart never passes
        assertEquals("2m", hami.nodeLockExpire());
        assertEquals(java.time.Duration.ofMinutes(5), hami.nodeLockTimeout());
        assertEquals(1, s.warnings().size(), s.warnings().toString());
        assertTrue(s.warnings().get(0).startsWith("lab.hami.nodeLockExpire \"2m\" has no effect on HAMi v2.10"),
                s.warnings().get(0));
        try (SimBackend sim = SimBackend.start(s.lab())) {
            List<NodeView> nodes = sim.snapshot().tenants().get(0).nodes();
            assertEquals(5, nodes.get(0).cards().get(0).slots());
            // w2: its own split count and mode, card index 1 filtered out
            assertEquals(1, nodes.get(1).cards().size());
            assertEquals(List.of(3, "mps"), List.of(nodes.get(1).cards().get(0).slots(),
                    nodes.get(1).cards().get(0).mode()));
        }
    }
}
