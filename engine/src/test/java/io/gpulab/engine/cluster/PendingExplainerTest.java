package io.gpulab.engine.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Why a pending GPU pod is pending: scheduler/'s per-card reasons next to the cluster's own event. */
@EnableKubernetesMockClient(crud = true)
class PendingExplainerTest {

    KubernetesClient client;
    @TempDir
    Path dir;

    @Test
    void perCardReasonsSideBySideWithFilteringFailed() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            // the pod and its event arrive through separate informers: explain once both are there
            PendingExplanation x = awaitEvent(backend, "tenant-a", "default/gpu-pod-2");
            assertEquals("Pending", x.phase());
            assertEquals(1, x.cards().size());
            CardVerdict a100 = x.cards().get(0);
            assertEquals("GPU-a100-0", a100.cardId());
            // 81920 MB registered, 20000 MB held by gpu-pod-1: 61920 free < 70000 asked
            assertEquals(61920, a100.freeMemMB());
            assertEquals(9, a100.freeSlots());
            assertEquals("CardInsufficientMemory", a100.reason());
            assertEquals("1/1 CardInsufficientMemory", x.failedNodes().get("tenant-a-worker"));
            assertTrue(x.verdict().startsWith("no node fits"), x.verdict());
            assertEquals(List.of("1 nodes CardInsufficientMemory(tenant-a-worker)"),
                    x.clusterEvents().stream().map(e -> e.message()).toList());
        }
    }

    @Test
    void aPodThatWouldFitOnAnotherCardSaysSoPerCard() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            lab.tenantB.client.pods().resource(MockLab.gpuPod("fits-l4", "Pending", "", java.util.Map.of(),
                    20000, 50)).create();
            PendingExplanation x = awaitPod(backend, "tenant-b", "default/fits-l4");
            assertEquals(List.of("fits", "fits"), x.cards().stream().map(CardVerdict::reason).toList());
            assertTrue(x.verdict().startsWith("would fit on tenant-b-worker"), x.verdict());
            assertTrue(x.notes().stream().anyMatch(n -> n.contains("tenant-b-broken")), x.notes().toString());
        }
    }

    @Test
    void aPodThatFitsBehindTheArticlesStaleLockIsToldAboutTheLock() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            lab.tenantA.client.pods().resource(MockLab.gpuPod("small", "Pending", "", java.util.Map.of(),
                    10000, 10)).create();
            PendingExplanation x = awaitPod(backend, "tenant-a", "default/small");
            assertEquals("fits", x.cards().get(0).reason());
            assertTrue(x.notes().stream().anyMatch(n -> n.startsWith("the bind would wait: tenant-a-worker holds "
                    + "hami.io/mutex.lock for default/gpu-pod-1 since 2026-10-01T10:00:00Z")), x.notes().toString());
        }
    }

    @Test
    void unknownPodIsAReadableError() throws Exception {
        try (ClusterLabFixture lab = new ClusterLabFixture(client, dir);
             ClusterBackend backend = ClusterBackend.connect(lab.options())) {
            ClusterException e = assertThrows(ClusterException.class, () -> PendingExplainer.explain(backend,
                    "tenant-a", "default/nope", SchedulerConfig.DEFAULTS));
            assertEquals("pod default/nope not found in tenant tenant-a", e.getMessage());
        }
    }

    /** Waits on the condition itself (Await.BOUND at most: a hang guard, not a timing assumption). */
    private static PendingExplanation awaitPod(ClusterBackend b, String tenant, String pod) throws Exception {
        long deadline = System.nanoTime() + Await.BOUND.toNanos();
        while (b.snapshot().tenant(tenant).orElseThrow().pod(pod).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return PendingExplainer.explain(b, tenant, pod, SchedulerConfig.DEFAULTS);
    }

    /** As {@link #awaitPod}, until the pod's events have arrived too. */
    private static PendingExplanation awaitEvent(ClusterBackend b, String tenant, String pod) throws Exception {
        long deadline = System.nanoTime() + Await.BOUND.toNanos();
        PendingExplanation x = awaitPod(b, tenant, pod);
        while (x.clusterEvents().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
            x = PendingExplainer.explain(b, tenant, pod, SchedulerConfig.DEFAULTS);
        }
        return x;
    }
}
