package io.gpulab.app.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.vm.InspectorModel;
import io.gpulab.app.gui.vm.InspectorRow;
import io.gpulab.app.gui.vm.Selection;
import io.gpulab.engine.cluster.Await;
import io.gpulab.engine.cluster.BrokenServer;
import io.gpulab.engine.cluster.ClusterBackend;
import io.gpulab.engine.cluster.ClusterOptions;
import io.gpulab.engine.cluster.KubeconfigRef;
import io.gpulab.engine.cluster.MockLab;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tenant whose API server refuses our credentials lists no pod, so no konnectivity-agent pod: the workbench's
 * inspector said "Konnectivity agents: down" of it, a claim gpulab cannot know. It now says "unknown (could not read
 * tenant tenant-b: ... HTTP 401 ...)", while the tenant that was read keeps its observed state.
 */
class UnreadTenantTunnelTest {

    @TempDir
    Path dir;

    @Test
    void aTenantWhoseListsAreRefusedHasAnUnknownTunnelInTheInspector() throws Exception {
        try (MockLab.TenantServer a = new MockLab.TenantServer();
             BrokenServer b = new BrokenServer(BrokenServer.Mode.UNAUTHORIZED)) {
            a.client.nodes().resource(MockLab.node("tenant-a-worker", Map.of(), 10)).create();
            Path ka = MockLab.writeKubeconfig(dir, "tenant-a", a.url(), "s3cr3t-token");
            Path kb = MockLab.writeKubeconfig(dir, "tenant-b", b.url(), "s3cr3t-token");
            String unknown = "unknown (could not read tenant tenant-b: the API server " + b.url()
                    + " refused to list nodes, pods and events: HTTP 401 Unauthorized";

            try (ClusterBackend backend = ClusterBackend.connect(ClusterOptions.tenantsOnly()
                    .withTenant("tenant-a", KubeconfigRef.of(ka, null)).withTenant("tenant-b", KubeconfigRef.of(kb,
                            null)))) {
                assertTrue(Await.until(() -> backend.snapshot().tenant("tenant-b").orElseThrow().warnings().stream()
                        .anyMatch(w -> w.contains("nodes, pods and events"))
                        && backend.snapshot().tenant("tenant-a").orElseThrow().tunnel().known()),
                        "tenant-b's refusal, tenant-a's pods read");
                List<InspectorRow> rows = InspectorModel.rows(backend.snapshot(), new Selection(
                        Selection.Kind.TENANT, "tenant-b", "tenant-b"), List.of());
                List<InspectorRow> tunnel = rows.stream().filter(r -> r.category().equals("Konnectivity")).toList();
                assertTrue(tunnel.size() == 2 && tunnel.stream().allMatch(r -> r.value().startsWith(unknown)),
                        tunnel.toString());
                assertFalse(rows.toString().contains("s3cr3t-token"));
                // the tenant that was read keeps what was observed of it: no konnectivity-agent pod is running
                List<InspectorRow> rowsA = InspectorModel.rows(backend.snapshot(), new Selection(
                        Selection.Kind.TENANT, "tenant-a", "tenant-a"), List.of());
                assertTrue(rowsA.contains(new InspectorRow("Konnectivity", "agents", "down")), rowsA.toString());
            }
        }
    }
}
