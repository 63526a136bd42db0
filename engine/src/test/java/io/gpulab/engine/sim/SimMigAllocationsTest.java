package io.gpulab.engine.sim;

import io.gpulab.engine.api.CardView;
import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.MigInstanceView;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.lab.TenantSpec;
import io.gpulab.engine.lab.WorkerSpec;
import io.gpulab.engine.testkit.Pods;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.PodDevices;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** HAMi v2.10's {@code hami.io/vgpu-mig-allocations}: written on a MIG allocation, read back for existing pods. */
class SimMigAllocationsTest {

    private static final CardSpec MIG = new CardSpec("A100-80GB", 1, null, null, null, null, null, "GPU-m", null,
            "mig", null);

    private static SimBackend lab(List<Map<String, Object>> existing) {
        WorkerSpec w = new WorkerSpec("w", 16, 65536, List.of(MIG), Map.of(), existing);
        return SimBackend.start(new LabSpec("mig", "", HamiSettings.DEFAULTS, "complete",
                List.of(new TenantSpec("t", List.of(w)))));
    }

    private static Map<String, Object> mem(String name, int memMB) {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("nvidia.com/gpu", 1);
        limits.put("nvidia.com/gpumem", memMB);
        return Pods.withLimits(name, limits);
    }

    /** A running pod HAMi placed earlier: one 1g.10gb instance, with or without its reservation annotation. */
    private static Map<String, Object> existing(String name, @Nullable Integer start) {
        Map<String, Object> m = new LinkedHashMap<>(mem(name, 1000));
        Map<String, Object> meta = new LinkedHashMap<>((Map<String, Object>) m.get("metadata"));
        Map<String, String> ann = new LinkedHashMap<>();
        ann.put("hami.io/vgpu-node", "w");
        ann.put("hami.io/vgpu-devices-allocated", PodDevicesCodec.encode(
                new PodDevices(List.of(List.of(new ContainerDevice("GPU-m", "NVIDIA", 10240, 14))))));
        if (start != null) {
            ann.put("hami.io/vgpu-mig-allocations", "[{\"containerIndex\":0,\"deviceIndex\":0,\"gpuUUID\":\"GPU-m\","
                    + "\"profile\":\"1g.10gb\",\"placement\":{\"start\":" + start + ",\"size\":1}}]");
        }
        meta.put("annotations", ann);
        m.put("metadata", meta);
        m.put("status", Map.of("phase", "Running"));
        return m;
    }

    private static CardView card(SimBackend lab) {
        return lab.snapshot().tenants().get(0).nodes().get(0).cards().get(0);
    }

    private static PodView pod(SimBackend lab, String name) {
        return lab.snapshot().tenants().get(0).pod("default/" + name).orElseThrow();
    }

    @Test
    void aMigAllocationIsRecordedInThePodAsHamisSchedulerWritesIt() {
        SimBackend lab = lab(List.of());
        lab.execute(new LabCommand.SubmitPod("t", mem("small", 1000)));
        assertEquals("[{\"containerIndex\":0,\"deviceIndex\":0,\"gpuUUID\":\"GPU-m\",\"profile\":\"1g.10gb\","
                + "\"placement\":{\"start\":6,\"size\":1}}]", pod(lab, "small").annotations()
                .get("hami.io/vgpu-mig-allocations"));
    }

    @Test
    void existingPodsKeepTheirReservedPlacementsAndBlockAProfileThatNeedsThem() {
        // reserved at slices 3 and 4: no 3g placement (0-3, 4-7) is free, though 50 GB are
        SimBackend lab = lab(List.of(existing("a", 3), existing("b", 4)));
        List<Integer> starts = new ArrayList<>();
        card(lab).migInstances().forEach(i -> starts.add(i.start()));
        assertEquals(List.of(3, 4), starts);
        lab.execute(new LabCommand.SubmitPod("t", mem("mid", 30000)));
        assertEquals("1/1 CardMigTopologyInfeasible", pod(lab, "mid").failedNodes().get("w"));
    }

    @Test
    void withoutTheAnnotationInstancesAreReCreatedAtTheSchedulersChoice() {
        SimBackend lab = lab(List.of(existing("a", null), existing("b", null)));
        List<Integer> starts = new ArrayList<>();
        card(lab).migInstances().forEach((MigInstanceView i) -> starts.add(i.start()));
        assertEquals(List.of(5, 6), starts);
        lab.execute(new LabCommand.SubmitPod("t", mem("mid", 30000)));
        assertEquals("Running", pod(lab, "mid").phase(), pod(lab, "mid").message());
    }

    @Test
    void reservationsThePodsDevicesDoNotListAreRestoredOnTheMigCard() {
        Map<String, Object> two = existing("a", 3);
        @SuppressWarnings("unchecked")
        Map<String, String> ann = (Map<String, String>) ((Map<String, Object>) two.get("metadata")).get("annotations");
        ann.put("hami.io/vgpu-mig-allocations", "[{\"containerIndex\":0,\"deviceIndex\":0,\"gpuUUID\":\"GPU-m\","
                + "\"profile\":\"1g.10gb\",\"placement\":{\"start\":3,\"size\":1}},{\"containerIndex\":0,"
                + "\"deviceIndex\":1,\"gpuUUID\":\"GPU-m\",\"profile\":\"1g.10gb\",\"placement\":{\"start\":4,"
                + "\"size\":1}}]");
        SimBackend lab = lab(List.of(two));
        List<Integer> starts = new ArrayList<>();
        card(lab).migInstances().forEach(i -> starts.add(i.start()));
        assertEquals(List.of(3, 4), starts);
    }

    @Test
    void anAnnotationHamiCannotDecodeIsReportedOnThePod() {
        Map<String, Object> bad = existing("a", 3);
        @SuppressWarnings("unchecked")
        Map<String, Object> meta = (Map<String, Object>) bad.get("metadata");
        @SuppressWarnings("unchecked")
        Map<String, String> ann = (Map<String, String>) meta.get("annotations");
        ann.put("hami.io/vgpu-mig-allocations", "[{\"containerIndex\":0,\"deviceIndex\":0,\"gpuUUID\":\"GPU-m\","
                + "\"profile\":\"1g.10gb\",\"placement\":{\"start\":3,\"size\":1},\"migUUID\":\"MIG-x\"}]");
        SimBackend lab = lab(List.of(bad));
        assertTrue(pod(lab, "a").warnings().contains("hami.io/vgpu-mig-allocations: MIG allocation 0 has partial "
                + "runtime identity (HAMi ignores the pod's MIG reservations)"), pod(lab, "a").warnings().toString());
    }
}
