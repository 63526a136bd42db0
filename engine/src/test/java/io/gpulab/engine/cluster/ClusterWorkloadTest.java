package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.plan.Plan;
import io.gpulab.engine.plan.PlanReader;
import io.gpulab.engine.plan.Workload;
import io.gpulab.engine.plan.WorkloadResolver;
import io.gpulab.mockgpu.catalog.CardCatalog;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A live cluster's GPU pods, read through the cluster backend, as a plan's workload (nothing written). */
@EnableKubernetesMockClient(crud = true)
class ClusterWorkloadTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void theClustersGpuPodsBecomeTheWorkloadAndPendingOnlyKeepsTheUnboundOnes() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            var all = ClusterWorkload.gpuPods(backend, false);
            var pending = ClusterWorkload.gpuPods(backend, true);
            assertTrue(all.size() > pending.size(), all.size() + " GPU pods, " + pending.size() + " pending");
            assertTrue(pending.stream().anyMatch(m -> "gpu-pod-2".equals(((Map<?, ?>) m.get("metadata")).get("name"))));
            Plan plan = new PlanReader().read("c.yaml", """
                    apiVersion: gpulab.io/v1
                    kind: Plan
                    metadata: {name: c}
                    workload: {cluster: {}}
                    candidates:
                      - {name: a, worker: {cards: [{model: A100-80GB, count: 2}]}, workers: 2}
                      - {name: b, worker: {cards: [{model: L4, count: 4}]}, workers: 2}
                    """, null);
            Workload w = new WorkloadResolver(CardCatalog.builtIn(), p -> ClusterWorkload.gpuPods(backend, p))
                    .resolve(plan.workload());
            assertEquals(all.size(), w.pods().size());
            assertTrue(w.pods().stream().allMatch(p -> p.cards() >= 0));
        }
    }
}
