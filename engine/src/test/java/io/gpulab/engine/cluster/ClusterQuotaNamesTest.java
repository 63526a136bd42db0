package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceQuotaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.engine.api.QuotaView;
import io.gpulab.scheduler.model.ResourceNames;
import io.gpulab.scheduler.model.SchedulerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A live tenant whose HAMi runs with its own resource names and memoryFactor: its ResourceQuotas are keyed
 * {@code limits.<resourceMem>} and the memory limit counts x memoryFactor, as HAMi reads them.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterQuotaNamesTest {

    private static final ResourceNames NAMES = new ResourceNames("example.com/vgpu", "example.com/vmem",
            "example.com/vmem-percentage", "example.com/vcores", "example.com/priority");
    private static final SchedulerConfig OWN = new SchedulerConfig(0, 0, 1, 2, 10, 1.0, 1.0, "binpack", "spread",
            Duration.ofMinutes(5), NAMES);

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void quotasAreReadWithTheTenantsResourceNamesAndMemoryFactor() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            lab.tenantA.client.resourceQuotas().inNamespace("default").resource(new ResourceQuotaBuilder()
                    .withNewMetadata().withName("gpu").withNamespace("default").endMetadata().withNewSpec()
                    .addToHard("limits.example.com/vmem", new Quantity("12500")).endSpec().build()).create();
            lab.tenantA.client.pods().resource(new PodBuilder().withNewMetadata().withName("small")
                    .withNamespace("default").endMetadata().withNewSpec().withSchedulerName("hami-scheduler")
                    .addNewContainer().withName("main").withImage("busybox").withNewResources()
                    .withLimits(Map.of("example.com/vgpu", new Quantity("1"), "example.com/vmem", new Quantity("5000")))
                    .endResources().endContainer().endSpec().withNewStatus().withPhase("Pending").endStatus().build())
                    .create();
            PendingExplanation online = Await.until(() -> {
                try {
                    return PendingExplainer.explain(backend, "tenant-a", "default/small", OWN);
                } catch (ClusterException e) {
                    return null;   // the pod is not listed yet
                }
            }, x -> x != null && !x.cards().isEmpty());
            // 20000 MB used by gpu-pod-1 + 5000 x 2 asked > 12500 x 2: refused for the namespace's quota
            assertEquals("ResourceQuotaNotFit", online.cards().get(0).reason());
            // with the chart's names the quota is not HAMi's and the pod asks for no HAMi device
            assertEquals("not a GPU pod",
                    PendingExplainer.explain(backend, "tenant-a", "default/small", SchedulerConfig.DEFAULTS).verdict());

            backend.assumeHami("tenant-a", OWN);
            List<QuotaView> q = Await.until(() -> backend.snapshot().tenant("tenant-a").orElseThrow().quotas(),
                    l -> !l.isEmpty());
            assertEquals(List.of(new QuotaView("default", 20000, 25000L, 30, null)), q);
            backend.assumeHami("tenant-a", SchedulerConfig.DEFAULTS);
            assertEquals(List.of(), backend.snapshot().tenant("tenant-a").orElseThrow().quotas(),
                    "under the chart's names limits.example.com/vmem is no GPU quota");
        }
    }
}
