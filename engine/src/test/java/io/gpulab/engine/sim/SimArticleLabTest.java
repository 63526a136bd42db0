package io.gpulab.engine.sim;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.NodeView;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static io.gpulab.engine.testkit.ArticleLab.TENANT_B;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_A;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The article's checks: fractional packing on tenant-a's A100, the reasons, per-tenant visibility. */
class SimArticleLabTest {

    private SimBackend lab;

    @BeforeEach
    void start() {
        lab = SimBackend.start(ArticleLab.spec());
        for (int i = 1; i <= 4; i++) {
            assertTrue(lab.execute(Pods.submit(TENANT_A, "gpu-pod-" + i, 20000, 30)).accepted());
        }
    }

    @Test
    void threeSharesRunOnTheA100AndTheFourthIsShortOfCores() {
        TenantView a = lab.snapshot().tenant(TENANT_A).orElseThrow();
        for (int i = 1; i <= 3; i++) {
            PodView p = a.pod("default/gpu-pod-" + i).orElseThrow();
            assertEquals("Running", p.phase());
            assertEquals(WORKER_A, p.node());
            assertEquals("hami-scheduler", p.schedulerName());
            assertTrue(p.hamiAllocated());
            assertEquals(List.of(new PodView.DeviceAllocation("GPU-0", "main", 20000, 30)), p.devices());
        }
        CardView card = a.node(WORKER_A).orElseThrow().cards().get(0);
        assertEquals(60000, card.usedMemMB());
        assertEquals(90, card.usedCores());
        assertEquals(3, card.usedSlots());
        assertEquals(10, card.slots());
        PodView fourth = a.pod("default/gpu-pod-4").orElseThrow();
        assertEquals("Pending", fourth.phase());
        assertEquals("CardInsufficientCore", fourth.reason());
        assertEquals(Map.of(WORKER_A, "1/1 CardInsufficientCore"), fourth.failedNodes());
        assertEquals("0/1 nodes are available: 1 1/1 CardInsufficientCore.", fourth.message());
    }

    @Test
    void aPodLargerThanTheFreeMemoryWaitsWithInsufficientMemory() {
        lab.execute(new LabCommand.DeletePod(TENANT_A, "default/gpu-pod-4"));
        lab.execute(Pods.submit(TENANT_A, "gpu-pod-big", 90000, 10));
        PodView big = lab.snapshot().tenant(TENANT_A).orElseThrow().pod("default/gpu-pod-big").orElseThrow();
        assertEquals("Pending", big.phase());
        assertEquals("CardInsufficientMemory", big.reason());
        assertEquals(Map.of(WORKER_A, "1/1 CardInsufficientMemory"), big.failedNodes());
    }

    @Test
    void theFourthPodsEventsAndTraceEndInTheCoreShortage() {
        List<String> reasons = lab.apiServer(TENANT_A).listEvents().stream()
                .filter(e -> e.object().equals("Pod/default/gpu-pod-4")).map(e -> e.reason() + ": " + e.message())
                .toList();
        assertEquals(List.of("FilteringFailed: 1 nodes CardInsufficientCore(tenant-a-worker)",
                "FilteringFailed: no available node, 1 nodes do not meet",
                "FailedScheduling: 0/1 nodes are available: 1 1/1 CardInsufficientCore."), reasons);
        List<PodTrace.Step> steps = lab.trace(TENANT_A, "default/gpu-pod-4").steps();
        assertEquals(List.of("create", "admission", "filter"), steps.stream().map(PodTrace.Step::stage).toList());
        PodTrace.Step last = steps.get(steps.size() - 1);
        assertEquals(PodTrace.Outcome.FAILED, last.outcome());
        assertTrue(last.summary().contains("CardInsufficientCore"), last.summary());
    }

    @Test
    void registrationAdvertisesSharingSlotsNotCards() {
        NodeView a = lab.snapshot().tenant(TENANT_A).orElseThrow().node(WORKER_A).orElseThrow();
        NodeView b = lab.snapshot().tenant(TENANT_B).orElseThrow().node(WORKER_B).orElseThrow();
        assertEquals("10", a.capacity().get("nvidia.com/gpu"));
        assertEquals("81920", a.capacity().get("nvidia.com/gpumem"));
        assertEquals("20", b.capacity().get("nvidia.com/gpu"));
        assertEquals("49152", b.capacity().get("nvidia.com/gpumem"));
        assertEquals("200", b.capacity().get("nvidia.com/gpucores"));
        assertTrue(a.annotations().get("hami.io/node-nvidia-register").contains("\"type\":\"NVIDIA A100-SXM4-80GB\""));
        assertTrue(a.annotations().get("hami.io/node-handshake").startsWith("Requesting_"));
    }

    @Test
    void eachTenantApiServerListsOnlyItsOwnObjects() {
        TenantApiServer a = lab.apiServer(TENANT_A);
        TenantApiServer b = lab.apiServer(TENANT_B);
        assertEquals(List.of(WORKER_A), a.listNodes().stream().map(NodeView::name).toList());
        assertEquals(List.of(WORKER_B), b.listNodes().stream().map(NodeView::name).toList());
        assertEquals(4, a.listPods().size());
        assertTrue(b.listPods().isEmpty());
        assertTrue(b.listEvents().stream().noneMatch(e -> e.object().startsWith("Pod/")));
        IllegalArgumentException nodeErr = assertThrows(IllegalArgumentException.class, () -> b.getNode(WORKER_A));
        assertEquals("Error from server (NotFound): nodes \"tenant-a-worker\" not found", nodeErr.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.getPod("default/gpu-pod-1"));
        assertEquals(PodTrace.Outcome.FAILED, lab.trace(TENANT_B, "default/gpu-pod-1").steps().get(0).outcome());
        assertFalse(lab.snapshot().tenant(TENANT_B).orElseThrow().controlPlane().dataStoreSchema()
                .equals(lab.snapshot().tenant(TENANT_A).orElseThrow().controlPlane().dataStoreSchema()));
    }
}
