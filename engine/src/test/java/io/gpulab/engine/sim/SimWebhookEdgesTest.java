package io.gpulab.engine.sim;

import io.gpulab.engine.api.CommandResult;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What HAMi's webhook (webhook.go Handle) and the API server do with pods at the edges of the rules. */
class SimWebhookEdgesTest {

    private static SimBackend lab() {
        WorkerSpec w = WorkerSpec.of("w", List.of(CardSpec.ofModel("A100-80GB", 1)));
        return SimBackend.start(new LabSpec("edges", "", HamiSettings.DEFAULTS, "complete",
                List.of(new TenantSpec("t", List.of(w)))));
    }

    private static PodView pod(SimBackend lab, String key) {
        return lab.snapshot().tenants().get(0).pod(key).orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> withSpec(Map<String, Object> pod, String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(pod);
        Map<String, Object> spec = new LinkedHashMap<>((Map<String, Object>) pod.get("spec"));
        spec.put(key, value);
        copy.put("spec", spec);
        return copy;
    }

    @Test
    void aGpuPodWithNodeNameIsDeniedByHamisWebhook() {
        SimBackend lab = lab();
        CommandResult r = lab.execute(new LabCommand.SubmitPod("t", withSpec(Pods.gpu("p", 1000, 10), "nodeName", "w")));
        PodView p = pod(lab, "default/p");
        assertEquals("Rejected", p.phase());
        assertEquals("Error from server (Forbidden): admission webhook \"vgpu.hami.io\" denied the request: "
                + "pod has node assigned", p.message());
        assertTrue(r.message().contains("pod has node assigned"), r.message());
    }

    @Test
    void aPodWithNoContainersIsDeniedByHamisWebhookBeforeValidation() {
        SimBackend lab = lab();
        lab.execute(new LabCommand.SubmitPod("t", withSpec(Pods.gpu("p", 1000, 10), "containers", List.of())));
        assertEquals("Error from server (Forbidden): admission webhook \"vgpu.hami.io\" denied the request: "
                + "pod has no containers", pod(lab, "default/p").message());
    }

    @Test
    void withTheWebhookUnreachableAPodWithNodeNameRunsThereWithoutHami() {
        SimBackend lab = lab();
        lab.execute(new LabCommand.SetKonnectivity("t", false));
        lab.execute(new LabCommand.SubmitPod("t", withSpec(Pods.gpu("p", 1000, 10), "nodeName", "w")));
        PodView p = pod(lab, "default/p");
        assertEquals("Running", p.phase());
        assertEquals("w", p.node());
        assertFalse(p.hamiAllocated());
    }

    @Test
    void gpumemWrittenAsADecimalQuantityIsAcceptedAndHamiIgnoresTheContainer() {
        // Kubernetes accepts 16.0Gi (an integral value); HAMi's AsInt64 gives 17179869184 > MaxInt32, so the
        // container's request is empty: the pod runs on HAMi's scheduler with no card and no HAMi annotations
        SimBackend lab = lab();
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("nvidia.com/gpu", 1);
        limits.put("nvidia.com/gpumem", "16.0Gi");
        CommandResult r = lab.execute(new LabCommand.SubmitPod("t", Pods.withLimits("p", limits)));
        assertTrue(r.accepted(), r.message());
        PodView p = pod(lab, "default/p");
        assertEquals("Running", p.phase(), p.message());
        assertEquals("hami-scheduler", p.schedulerName());
        assertFalse(p.hamiAllocated());
        assertTrue(p.devices().isEmpty());
    }

    @Test
    void aFractionalExtendedResourceIsStillRefusedByTheApiServer() {
        SimBackend lab = lab();
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("nvidia.com/gpu", 1);
        limits.put("nvidia.com/gpumem", "0.5");
        CommandResult r = lab.execute(new LabCommand.SubmitPod("t", Pods.withLimits("p", limits)));
        assertFalse(r.accepted());
        assertTrue(r.message().contains("must be an integer"), r.message());
    }

    @Test
    void anExtendedResourcePastTheMilliValueIsRefusedNotWrapped() {
        // a GUI-submitted or scripted pod reaches PodManifests without the scenario reader: 2^64 + 1 GPUs wrapped to 1
        SimBackend lab = lab();
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("nvidia.com/gpu", "18446744073709551617");
        CommandResult r = lab.execute(new LabCommand.SubmitPod("t", Pods.withLimits("p", limits)));
        assertFalse(r.accepted(), r.message());
        assertTrue(r.message().contains("limits[nvidia.com/gpu]: Invalid value: \"18446744073709551617\": is too large"),
                r.message());
    }
}
