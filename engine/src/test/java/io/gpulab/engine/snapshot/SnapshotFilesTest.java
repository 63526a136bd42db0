package io.gpulab.engine.snapshot;

import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What File → Open snapshot opens: a snapshot scenario as is, or kubectl dumps imported one tenant per file. */
class SnapshotFilesTest {

    @TempDir
    Path dir;

    private static final String DUMP = """
            {"apiVersion": "v1", "kind": "List", "items": [
              {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "w1", "annotations": {
                "hami.io/node-nvidia-register": "[{\\"id\\":\\"GPU-x\\",\\"count\\":10,\\"devmem\\":24576,\\"devcore\\":100,\\"type\\":\\"NVIDIA L4\\",\\"mode\\":\\"hami-core\\",\\"health\\":true}]"}},
               "status": {"capacity": {"cpu": "8", "memory": "16Gi"}}},
              {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "s", "namespace": "default"},
               "data": {"token": "c2VjcmV0"}}
            ]}
            """;

    @Test
    void kubectlDumpsAreImportedOneTenantPerFile() throws Exception {
        Path dump = dir.resolve("Tenant_A.json");
        Files.writeString(dump, DUMP);
        List<String> skipped = new ArrayList<>();
        Path s = SnapshotFiles.scenarioFor(List.of(dump), dir.resolve("work"), skipped);
        Scenario sc = new ScenarioReader().read(s);
        assertEquals("tenant-a", sc.lab().tenants().get(0).name());
        assertEquals(8, sc.lab().tenants().get(0).workers().get(0).cpu());
        assertTrue(skipped.contains("tenant-a: " + dump + ":5: Secret default/s: Secrets are never read"),
                skipped.toString());
        assertTrue(!Files.readString(s).contains("c2VjcmV0"));
        // a scenario is opened as it is
        assertEquals(s, SnapshotFiles.scenarioFor(List.of(s), dir.resolve("work"), new ArrayList<>()));
    }
}
