package io.gpulab.engine.sim;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_A;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Admission through Konnectivity: with the agents down HAMi's webhook is unreachable. */
class SimKonnectivityTest {

    private static final String NO_AGENT = "Error from server (InternalError): Internal error occurred: failed "
            + "calling webhook \"vgpu.hami.io\": failed to call webhook: Post "
            + "\"https://hami-scheduler.kube-system.svc:443/webhook/mutating?timeout=10s\": No agent available";

    @Test
    void ignoreAdmitsUnchangedAndTheDefaultSchedulerRunsThePodWithoutHami() {
        SimBackend lab = SimBackend.start(ArticleLab.spec());
        lab.execute(new LabCommand.SetKonnectivity(TENANT_A, false));
        assertFalse(lab.snapshot().tenant(TENANT_A).orElseThrow().tunnel().webhookReachable());
        CommandResult r = lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        assertTrue(r.accepted());
        TenantView a = lab.snapshot().tenant(TENANT_A).orElseThrow();
        PodView p = a.pod("default/gpu-pod-1").orElseThrow();
        assertEquals("Running", p.phase());
        assertEquals(WORKER_A, p.node());
        assertEquals("default-scheduler", p.schedulerName());
        assertFalse(p.hamiAllocated());
        assertTrue(p.annotations().keySet().stream().noneMatch(k -> k.startsWith("hami.io/")),
                p.annotations()::toString);
        assertEquals(0, a.node(WORKER_A).orElseThrow().cards().get(0).usedMemMB(), "HAMi booked nothing");
        PodTrace.Step admission = lab.trace(TENANT_A, "default/gpu-pod-1").steps().get(1);
        assertEquals(PodTrace.Outcome.SKIPPED, admission.outcome());
        assertTrue(admission.evidence().get("error").endsWith("No agent available"));
    }

    @Test
    void theDefaultSchedulerCountsSlotsOnly() {
        SimBackend lab = SimBackend.start(ArticleLab.spec());
        lab.execute(new LabCommand.SetKonnectivity(TENANT_A, false));
        for (int i = 1; i <= 11; i++) {
            lab.execute(new LabCommand.SubmitPod(TENANT_A, Pods.withLimits("whole-" + i, Map.of("nvidia.com/gpu", 1))));
        }
        TenantView a = lab.snapshot().tenant(TENANT_A).orElseThrow();
        assertEquals(10, a.pods().stream().filter(p -> p.phase().equals("Running")).count(),
                "ten 'whole GPU' pods share one A100: slots, not cards");
        PodView eleventh = a.pod("default/whole-11").orElseThrow();
        assertEquals("Pending", eleventh.phase());
        assertEquals("0/1 nodes are available: 1 Insufficient nvidia.com/gpu.", eleventh.message());
    }

    @Test
    void failRefusesTheCreateWithTheApiServersError() {
        SimBackend lab = SimBackend.start(ArticleLab.spec(LabSpec.LIFECYCLE_COMPLETE,
                ArticleLab.withFailurePolicy("Fail")));
        lab.execute(new LabCommand.SetKonnectivity(TENANT_A, false));
        CommandResult r = lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30));
        assertEquals(NO_AGENT, r.message());
        PodView p = lab.snapshot().tenant(TENANT_A).orElseThrow().pod("default/gpu-pod-1").orElseThrow();
        assertEquals("Rejected", p.phase());
        assertTrue(lab.apiServer(TENANT_A).listPods().isEmpty(), "a refused create never existed");
        PodTrace.Step admission = lab.trace(TENANT_A, "default/gpu-pod-1").steps().get(1);
        assertEquals(PodTrace.Outcome.FAILED, admission.outcome());

        lab.execute(new LabCommand.SetKonnectivity(TENANT_A, true));
        assertTrue(lab.execute(Pods.submit(TENANT_A, "gpu-pod-1", 20000, 30)).accepted());
        PodView again = lab.snapshot().tenant(TENANT_A).orElseThrow().pod("default/gpu-pod-1").orElseThrow();
        assertEquals("Running", again.phase());
        assertEquals("hami-scheduler", again.schedulerName());
    }

    @Test
    void thePolicyCanBeSwitchedPerTenant() {
        SimBackend lab = SimBackend.start(ArticleLab.spec());
        lab.execute(new LabCommand.SetWebhookFailurePolicy(TENANT_A, "Fail"));
        lab.execute(new LabCommand.SetKonnectivity(TENANT_A, false));
        assertEquals(NO_AGENT, lab.execute(Pods.submit(TENANT_A, "p", 1000, 10)).message());
        assertFalse(lab.execute(new LabCommand.SetWebhookFailurePolicy(TENANT_A, "Sometimes")).accepted());
    }
}
