package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.TenantView;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.NodeRegistrationCodec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tenant API server that drops every connection must not cost the workbench a single update. */
@EnableKubernetesMockClient(crud = true)
class ClusterWatchDropTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void updatesMadeAroundADroppedWatchAllReachTheSnapshot() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            long before = backend.snapshot().version();
            lab.tenantA.restart();   // every watch of tenant-a is cut; the informers must reconnect
            KubernetesClient a = lab.tenantA.client;
            a.nodes().resource(MockLab.node("tenant-a-worker-2", Map.of(HamiAnnotations.NODE_NVIDIA_REGISTER,
                    NodeRegistrationCodec.encodeJson(List.of(ClusterLabFixture.A100))), 10)).create();
            a.pods().inNamespace("default").withName("garbage-pod").delete();
            a.pods().inNamespace("default").withName("gpu-pod-1")
                    .edit(p -> {
                        p.getStatus().setPhase("Succeeded");
                        return p;
                    });
            MockLab.filteringFailed(a, "gpu-pod-3", "1 nodes CardInsufficientCore(tenant-a-worker)");

            // nodes, pods and events come through three informers, each reconnecting on its own: wait for all three
            TenantView t = await(backend, s -> {
                TenantView v = s.tenant("tenant-a").orElseThrow();
                return v.node("tenant-a-worker-2").isPresent() && v.pod("default/garbage-pod").isEmpty()
                        && v.pod("default/gpu-pod-1").map(p -> p.phase().equals("Succeeded")).orElse(false)
                        && backend.events().stream().anyMatch(e -> e.object().equals("Pod/default/gpu-pod-3"));
            }).tenant("tenant-a").orElseThrow();

            assertEquals(2, t.nodes().size());
            // the finished pod's share is returned to its card
            assertEquals(0, t.node("tenant-a-worker").orElseThrow().cards().get(0).usedMemMB());
            assertTrue(backend.snapshot().version() > before);
            // the re-list re-delivers the old FilteringFailed event: logged once, not twice
            assertEquals(1, backend.events().stream().filter(e -> e.object().equals("Pod/default/gpu-pod-2")).count());
            assertFalse(backend.snapshot().tenant("tenant-b").orElseThrow().nodes().isEmpty());
        }
    }

    private static LabSnapshot await(ClusterBackend backend, Predicate<LabSnapshot> done) throws InterruptedException {
        LabSnapshot s = Await.until(backend::snapshot, done);
        assertTrue(done.test(s), "snapshot never caught up after the dropped watch: " + s.tenant("tenant-a"));
        return s;
    }
}
