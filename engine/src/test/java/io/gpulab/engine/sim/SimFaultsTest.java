package io.gpulab.engine.sim;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static io.gpulab.engine.testkit.ArticleLab.TENANT_B;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_A;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Card health faults, device plugin restarts, and shares coming back when pods go. */
class SimFaultsTest {

    private final SimBackend lab = SimBackend.start(ArticleLab.spec());

    @Test
    void anUnhealthyCardIsAvoidedAndItsRunningPodsAreMarked() {
        lab.execute(Pods.submit(TENANT_B, "p1", 10000, 20));
        String first = pod(TENANT_B, "p1").devices().get(0).id();
        assertTrue(lab.execute(new LabCommand.SetCardHealth(TENANT_B, first, false)).accepted());

        TenantView b = tenant(TENANT_B);
        assertEquals("10", b.node(WORKER_B).orElseThrow().capacity().get("nvidia.com/gpu"), "capacity shrinks");
        assertFalse(card(b, first).health());
        assertTrue(b.node(WORKER_B).orElseThrow().annotations().get("hami.io/node-nvidia-register")
                .contains("\"id\":\"" + first + "\""));
        PodView p1 = pod(TENANT_B, "p1");
        assertEquals("Running", p1.phase(), "a running pod keeps running");
        assertEquals(List.of("card " + first + " on " + WORKER_B + " is reported unhealthy"), p1.warnings());

        lab.execute(Pods.submit(TENANT_B, "p2", 10000, 20));
        assertNotEquals(first, pod(TENANT_B, "p2").devices().get(0).id(), "new pods avoid the unhealthy card");

        String second = pod(TENANT_B, "p2").devices().get(0).id();
        lab.execute(new LabCommand.SetCardHealth(TENANT_B, second, false));
        lab.execute(Pods.submit(TENANT_B, "p3", 1000, 5));
        PodView p3 = pod(TENANT_B, "p3");
        assertEquals("CardNotHealth", p3.reason());
        assertEquals(Map.of(WORKER_B, "2/2 CardNotHealth"), p3.failedNodes());

        lab.execute(new LabCommand.SetCardHealth(TENANT_B, first, true));
        assertEquals("Running", pod(TENANT_B, "p3").phase(), "healing a card retries pending pods");
        assertTrue(pod(TENANT_B, "p1").warnings().isEmpty());
    }

    @Test
    void anUnknownCardIsRefusedNamingTheKnownOnes() {
        CommandResult r = lab.execute(new LabCommand.SetCardHealth(TENANT_A, "GPU-9", false));
        assertFalse(r.accepted());
        assertEquals("tenant-a: card \"GPU-9\" not found (cards: GPU-0)", r.message());
    }

    @Test
    void aPluginRestartReRegistersWithoutDoubleBooking() {
        lab.execute(Pods.submit(TENANT_A, "p1", 20000, 30));
        lab.execute(Pods.submit(TENANT_A, "p2", 20000, 30));
        CardView before = card(tenant(TENANT_A), "GPU-0");
        assertTrue(lab.execute(new LabCommand.RestartPlugin(TENANT_A, WORKER_A)).accepted());
        CardView after = card(tenant(TENANT_A), "GPU-0");
        assertEquals(before, after);
        lab.execute(Pods.submit(TENANT_A, "p3", 20000, 30));
        lab.execute(Pods.submit(TENANT_A, "p4", 20000, 30));
        assertEquals("Running", pod(TENANT_A, "p3").phase());
        assertEquals("CardInsufficientCore", pod(TENANT_A, "p4").reason());
        assertEquals(90, card(tenant(TENANT_A), "GPU-0").usedCores());
        assertFalse(lab.execute(new LabCommand.RestartPlugin(TENANT_A, WORKER_B)).accepted(),
                "tenant-a cannot reach tenant-b's node");
    }

    @Test
    void deletingAPodReturnsItsShareAndThePendingPodTakesIt() {
        for (int i = 1; i <= 4; i++) {
            lab.execute(Pods.submit(TENANT_A, "gpu-pod-" + i, 20000, 30));
        }
        assertEquals("Pending", pod(TENANT_A, "gpu-pod-4").phase());
        assertTrue(lab.execute(new LabCommand.DeletePod(TENANT_A, "default/gpu-pod-1")).accepted());
        TenantView a = tenant(TENANT_A);
        assertTrue(a.pod("default/gpu-pod-1").isEmpty());
        assertEquals("Running", pod(TENANT_A, "gpu-pod-4").phase());
        CardView c = card(a, "GPU-0");
        assertEquals(60000, c.usedMemMB());
        assertEquals(3, c.usedSlots());
        assertEquals(List.of("default/gpu-pod-2", "default/gpu-pod-3", "default/gpu-pod-4"), c.pods());
        List<PodTrace.Step> steps = lab.trace(TENANT_A, "default/gpu-pod-1").steps();
        PodTrace.Step release = steps.get(steps.size() - 1);
        assertEquals("release", release.stage());
        assertEquals("20000 MB, 30 cores, 1 slot(s)", release.evidence().get("returned GPU-0"));

        lab.execute(new LabCommand.DeletePod(TENANT_A, "default/gpu-pod-2"));
        lab.execute(new LabCommand.DeletePod(TENANT_A, "default/gpu-pod-3"));
        lab.execute(new LabCommand.DeletePod(TENANT_A, "default/gpu-pod-4"));
        CardView empty = card(tenant(TENANT_A), "GPU-0");
        assertEquals(0, empty.usedMemMB() + empty.usedCores() + empty.usedSlots());
    }

    @Test
    void deletingAnUnknownPodIsRefusedAndChangesNothing() {
        long version = lab.snapshot().version();
        CommandResult r = lab.execute(new LabCommand.DeletePod(TENANT_A, "default/nope"));
        assertFalse(r.accepted());
        assertEquals("tenant-a: Error from server (NotFound): pods \"default/nope\" not found", r.message());
        assertEquals(version, lab.snapshot().version());
    }

    private TenantView tenant(String name) {
        return lab.snapshot().tenant(name).orElseThrow();
    }

    private PodView pod(String tenant, String name) {
        return tenant(tenant).pod("default/" + name).orElseThrow();
    }

    private static CardView card(TenantView t, String id) {
        return t.nodes().stream().flatMap(n -> n.cards().stream()).filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow();
    }
}
