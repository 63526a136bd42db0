package io.gpulab.engine.sim;

import io.gpulab.engine.api.CardView;
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

/** A card in MIG mode: HAMi's allowed profiles for the model, instances at free placements, topology refusals. */
class SimMigTest {

    private static SimBackend lab() {
        CardSpec mig = new CardSpec("A100-80GB", 1, null, null, null, null, null, "GPU-m", null, "mig", null);
        return SimBackend.start(new LabSpec("mig", "", HamiSettings.DEFAULTS, "complete",
                List.of(new TenantSpec("t", List.of(WorkerSpec.of("w", List.of(mig)))))));
    }

    private static PodView pod(SimBackend lab, String name) {
        return lab.snapshot().tenants().get(0).pod("default/" + name).orElseThrow();
    }

    private static Map<String, Object> mem(String name, int gpus, int memMB) {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("nvidia.com/gpu", gpus);
        limits.put("nvidia.com/gpumem", memMB);
        return Pods.withLimits(name, limits);
    }

    @Test
    void aMigCardRegistersTheModelsProfilesAndCountsInstances() {
        SimBackend lab = lab();
        CardView c = lab.snapshot().tenants().get(0).nodes().get(0).cards().get(0);
        assertEquals(7, c.slots(), "as many slots as 1g instances");
        assertEquals(81920, c.memMB());
        assertEquals("mig", c.mode());
    }

    @Test
    void anInstanceIsTheSmallestProfileThatHoldsTheRequest() {
        SimBackend lab = lab();
        lab.execute(new LabCommand.SubmitPod("t", mem("small", 1, 1000)));
        PodView p = pod(lab, "small");
        assertEquals("Running", p.phase(), p.message());
        // 1g.10gb: 10 GB and 1 of 7 compute slices
        assertEquals(List.of(10240, 14), List.of(p.devices().get(0).memMB(), p.devices().get(0).cores()));
    }

    @Test
    void memoryLeftButNoFreePlacementIsCardMigTopologyInfeasible() {
        SimBackend lab = lab();
        lab.execute(new LabCommand.SubmitPod("t", mem("small", 1, 1000)));
        // 71680 MB are free, but the only profile holding 50000 MB (7g) needs every slice
        lab.execute(new LabCommand.SubmitPod("t", mem("big", 1, 50000)));
        PodView big = pod(lab, "big");
        assertEquals("Pending", big.phase());
        assertEquals("1/1 CardMigTopologyInfeasible", big.failedNodes().get("w"));
        // a 3g instance still fits next to the 1g one
        lab.execute(new LabCommand.SubmitPod("t", mem("mid", 1, 30000)));
        assertEquals("Running", pod(lab, "mid").phase(), pod(lab, "mid").message());
    }

    @Test
    void oneContainerMayTakeSeveralInstancesOfOneMigCard() {
        SimBackend lab = lab();
        lab.execute(new LabCommand.SubmitPod("t", mem("two", 2, 1000)));
        PodView p = pod(lab, "two");
        assertEquals("Running", p.phase(), p.message());
        assertEquals(List.of("GPU-m", "GPU-m"), p.devices().stream().map(PodView.DeviceAllocation::id).toList());
    }
}
