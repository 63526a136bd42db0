package io.gpulab.scheduler.request;

import static io.gpulab.scheduler.request.RequestParserTest.container;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.scheduler.Fixtures;
import io.gpulab.scheduler.model.PodInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** MutateAdmission: validation, added gpu count, exclusive-core default, scheduler name, env. */
class WebhookMutatorTest {

    private static MutationResult mutate(PodInfo pod) {
        return WebhookMutator.mutate(pod, null, null, Fixtures.CFG, WebhookSettings.DEFAULTS);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "gpu=1                          | nvidia.com/gpucores=100",
        "gpu=1,gpumem-percentage=100    | nvidia.com/gpucores=100",
        "gpu=1,gpumem-percentage=50     | ''",
        "gpu=1,gpumem-percentage=0      | ''",
        "gpu=1,gpumem=20000             | ''",
        "gpu=1,gpucores=30              | ''",
        "gpumem=20000                   | nvidia.com/gpu=1",
        "gpucores=20                    | nvidia.com/gpu=1",
    })
    void addsWhatHamiAdds(String spec, String added) {
        MutationResult r = mutate(Fixtures.pod("p", container(spec)));
        assertTrue(r.allowed());
        Map<String, String> expect = new java.util.TreeMap<>();
        for (String kv : added.split(";")) {
            if (!kv.isEmpty()) {
                expect.put(kv.split("=")[0], kv.split("=")[1]);
            }
        }
        assertEquals(expect, new java.util.TreeMap<>(r.containers().get(0).addedLimits()));
        assertEquals("hami-scheduler", r.schedulerName());
    }

    @Test
    void plainGpuPodBecomesExclusiveAndItsRequestSaysSo() {
        MutationResult r = mutate(Fixtures.pod("p", container("gpu=1")));
        var req = RequestParser.parse(r.pod(), Fixtures.CFG).get(0);
        assertEquals(100, req.coresReq());
        assertEquals(100, req.memPercentReq());
    }

    @ParameterizedTest
    @CsvSource({"101", "-1", "abc", "50.5Gi"})
    void rejectsBadPercentagesWithHamisText(String pct) {
        MutationResult r = mutate(Fixtures.pod("p", container("gpu=1,gpumem-percentage=" + pct)));
        assertFalse(r.allowed());
        assertEquals("invalid nvidia.com/gpumem-percentage value " + pct
                + " in container main: must be an integer between 0 and 100", r.message());
    }

    @Test
    void podsWithoutGpuResourcesAreLeftAlone() {
        MutationResult r = WebhookMutator.mutate(Fixtures.pod("p", Fixtures.limits("main", "cpu", "1")),
                "default-scheduler", null, Fixtures.CFG, WebhookSettings.DEFAULTS);
        assertTrue(r.allowed());
        assertEquals("no resource found", r.message());
        assertEquals("default-scheduler", r.schedulerName());
    }

    @Test
    void customSchedulerIsKeptAndDefaultOneReplaced() {
        PodInfo p = Fixtures.pod("p", container("gpu=1"));
        assertEquals("hami-scheduler", WebhookMutator.mutate(p, "default-scheduler", null, Fixtures.CFG,
                WebhookSettings.DEFAULTS).schedulerName());
        assertEquals("volcano", WebhookMutator.mutate(p, "volcano", null, Fixtures.CFG,
                WebhookSettings.DEFAULTS).schedulerName());
    }

    @Test
    void envAndRuntimeClassFollowTheSettings() {
        WebhookSettings s = new WebhookSettings("hami-scheduler", true, "force", true, "nvidia");
        PodInfo p = Fixtures.pod("p", Fixtures.limits("main", "nvidia.com/gpu", "1", "nvidia.com/priority", "1"),
                Fixtures.limits("side", "cpu", "1"));
        MutationResult r = WebhookMutator.mutate(p, null, null, Fixtures.CFG, s);
        assertEquals(Map.of("CUDA_TASK_PRIORITY", "1", "GPU_CORE_UTILIZATION_POLICY", "force"),
                r.containers().get(0).addedEnv());
        assertEquals(Map.of("GPU_CORE_UTILIZATION_POLICY", "force", "NVIDIA_VISIBLE_DEVICES", "none"),
                r.containers().get(1).addedEnv());
        assertEquals("nvidia", r.runtimeClassName());
        assertNull(mutate(p).runtimeClassName());
    }

    @Test
    void initContainersAreValidatedToo() {
        PodInfo p = Fixtures.podWithInit("p", List.of(container("gpu=1,gpumem-percentage=120")),
                List.of(container("gpu=1")));
        assertFalse(mutate(p).allowed());
    }

    @Test
    void aPodWithoutContainersIsDeniedBeforeAnythingElse() {
        PodInfo empty = new PodInfo("default", "p", Map.of(), Map.of(), List.of(), List.of());
        MutationResult r = mutate(empty);
        assertFalse(r.allowed());
        assertEquals("pod has no containers", r.message());
        assertEquals("Forbidden", r.statusReason());
    }

    @Test
    void aGpuPodThatNamesItsNodeIsDenied() {
        MutationResult r = WebhookMutator.mutate(Fixtures.pod("p", container("gpu=1,gpumem=1000")), null, null, "w1",
                Fixtures.CFG, WebhookSettings.DEFAULTS);
        assertFalse(r.allowed());
        assertEquals("pod has node assigned", r.message());
        assertEquals(MutationResult.DENIED, r.code());
    }

    @Test
    void aPodWithoutGpuMayNameItsNode() {
        PodInfo cpu = Fixtures.pod("p", Fixtures.limits("main", "cpu", "1"));
        assertTrue(WebhookMutator.mutate(cpu, null, null, "w1", Fixtures.CFG, WebhookSettings.DEFAULTS).allowed());
    }

    @Test
    void aPodForAnotherSchedulerIsLeftUntouched() {
        MutationResult r = WebhookMutator.mutate(Fixtures.pod("p", container("gpu=1")), "volcano", null, null,
                Fixtures.CFG, WebhookSettings.DEFAULTS);
        assertTrue(r.allowed());
        assertEquals("pod already has different scheduler assigned", r.message());
        assertEquals("volcano", r.schedulerName());
        assertTrue(r.containers().isEmpty(), "no limits added");
    }
}
