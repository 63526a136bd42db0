package io.gpulab.engine.sim;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.CardUsageSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Cards that state observed usage, health or a cordon (what-if from a real cluster) behave like HAMi's view. */
class SimObservedStateTest {

    @Test
    void statedUsageCountsAgainstNewPods() {
        CardSpec busy = new CardSpec(null, 1, "NVIDIA A100-SXM4-80GB", 81920, 100, 10, 0, "GPU-a", true, null,
                new CardUsageSpec(60000, 90, 3));
        SimBackend lab = SimBackend.start(lab(WorkerSpec.of("w", List.of(busy))));
        CardView c = lab.snapshot().tenants().get(0).nodes().get(0).cards().get(0);
        assertEquals(List.of(60000, 90, 3), List.of(c.usedMemMB(), c.usedCores(), c.usedSlots()));
        lab.execute(Pods.submit("t", "p", 20000, 30));
        PodView p = lab.snapshot().tenants().get(0).pod("default/p").orElseThrow();
        assertEquals("CardInsufficientCore", p.reason());
    }

    @Test
    void aCordonedOrUnhealthyCardIsSkippedWithHamisReason() {
        CardSpec sick = new CardSpec("L4", 1, null, null, null, null, null, "GPU-sick", false, null, null);
        CardSpec fine = new CardSpec("L4", 1, null, null, null, null, null, "GPU-fine", null, null, null);
        WorkerSpec w = new WorkerSpec("w", 4, 8192, List.of(sick, fine), Map.of("hami.io/device-cordon", "GPU-fine"));
        SimBackend lab = SimBackend.start(lab(w));
        lab.execute(Pods.submit("t", "p", 1000, 10));
        PodView p = lab.snapshot().tenants().get(0).pod("default/p").orElseThrow();
        assertEquals("Pending", p.phase());
        assertEquals(Map.of("w", "1/2 CardCordoned, 1/2 CardNotHealth"), p.failedNodes());
        assertEquals("10", lab.snapshot().tenants().get(0).nodes().get(0).capacity().get("nvidia.com/gpu"));
    }

    private static LabSpec lab(WorkerSpec w) {
        return new LabSpec("observed", "", HamiSettings.DEFAULTS, "complete", List.of(new TenantSpec("t", List.of(w))));
    }
}
