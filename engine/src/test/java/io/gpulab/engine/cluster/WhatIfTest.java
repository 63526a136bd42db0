package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.WorkerSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The observed lab copied into the sim: the pending pod stays pending there, and fits with a new card. */
@EnableKubernetesMockClient(crud = true)
class WhatIfTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void observedUsageIsCopiedAndAHypotheticalWorkerTakesThePendingPod() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            LabSpec observed = WhatIf.observed(backend.snapshot(), HamiSettings.DEFAULTS);
            CardSpec a100 = observed.tenants().get(0).workers().get(0).cards().get(0);
            assertEquals("GPU-a100-0", a100.uuid());
            assertEquals(20000, a100.used().memMB());
            var pending = WhatIf.pendingManifests(backend);
            assertEquals(List.of("garbage-pod", "gpu-pod-2"), pending.get("tenant-a").stream()
                    .map(m -> ((Map<?, ?>) m.get("metadata")).get("name")).toList());
            var onlyPod2 = Map.of("tenant-a", List.of(pending.get("tenant-a").get(1)));

            List<WhatIfOutcome> asIs = WhatIf.replay(observed, onlyPod2);
            assertEquals("Pending", asIs.get(0).phase(), asIs.toString());
            assertEquals("CardInsufficientMemory", asIs.get(0).reason());

            LabSpec bigger = WhatIf.withWorker(observed, "tenant-a", WorkerSpec.of("what-if-worker",
                    List.of(CardSpec.explicit("NVIDIA-NVIDIA A100-SXM4-80GB", 81920, 100, 10, 1, 0))));
            List<WhatIfOutcome> withCard = WhatIf.replay(bigger, onlyPod2);
            assertEquals("what-if-worker", withCard.get(0).node(), withCard.toString());
            assertThrows(IllegalArgumentException.class, () -> WhatIf.withWorker(observed, "nope",
                    WorkerSpec.of("w", List.of())));
        }
    }

    @Test
    void twoTenantsMayHaveANodeOfTheSameNameAsSeparateClustersDo() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir)) {
            lab.tenantB.client.nodes().resource(MockLab.node("tenant-a-worker", Map.of(), 10)).create();
            try (ClusterBackend backend = ClusterBackend.connect(lab.options())) {
                LabSpec observed = WhatIf.observed(backend.snapshot(), HamiSettings.DEFAULTS);
                assertEquals(List.of("tenant-a-worker"), observed.tenants().get(0).workers().stream()
                        .map(WorkerSpec::name).toList());
                org.junit.jupiter.api.Assertions.assertTrue(observed.tenants().get(1).workers().stream()
                        .anyMatch(w -> w.name().equals("tenant-a-worker")), observed.tenants().get(1).toString());
                LabSpec both = WhatIf.withWorker(WhatIf.withWorker(observed, "tenant-a", WorkerSpec.of("what-if-1",
                        List.of(CardSpec.ofModel("A100-80GB", 1)))), "tenant-b", WorkerSpec.of("what-if-1",
                        List.of(CardSpec.ofModel("A100-80GB", 1))));
                List<WhatIfOutcome> out = WhatIf.replay(both, WhatIf.pendingManifests(backend));
                org.junit.jupiter.api.Assertions.assertFalse(out.isEmpty());
            }
        }
    }
}
