package io.gpulab.scheduler.usage;

import static io.gpulab.scheduler.Fixtures.a100;
import static io.gpulab.scheduler.Fixtures.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodDevices;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Collapse of init/app containers, apply/release, rebuild from annotations. */
class UsageTest {

    private static ContainerDevice d(String id, int mem, int cores) {
        return new ContainerDevice(id, "NVIDIA", mem, cores);
    }

    @Test
    void initUsageIsTheMaxAndAppUsageTheSum() {
        PodDevices pd = new PodDevices(List.of(List.of(d("A", 5000, 50)), List.of(d("A", 1000, 10)),
                List.of(d("A", 2000, 20), d("B", 300, 3)), List.of()));
        assertEquals(List.of(new DeviceShare("A", 2, 5000, 50), new DeviceShare("B", 1, 300, 3)),
                PodUsage.collapse(pd, 1));
        assertEquals(List.of(new DeviceShare("A", 1, 1000, 10), new DeviceShare("A", 1, 1000, 10)).get(0),
                PodUsage.collapse(new PodDevices(List.of(List.of(d("A", 1000, 10)))), 1).get(0));
        assertEquals(List.of(new DeviceShare("A", 2, 3000, 30), new DeviceShare("B", 1, 300, 3)),
                PodUsage.appOnly(pd, 1));
    }

    @Test
    void applyAndReleaseAreInverseAndUnknownCardsIgnored() {
        NodeInfo n = node("n", a100("GPU-0"));
        List<DeviceShare> s = List.of(new DeviceShare("GPU-0", 1, 20000, 30), new DeviceShare("GPU-9", 1, 1, 1));
        NodeInfo booked = UsageLedger.apply(n, s);
        assertEquals(new DeviceUsage(n.devices().get(0).info(), 1, 20000, 30), booked.devices().get(0));
        assertEquals(n, UsageLedger.release(booked, s));
        assertEquals(n, UsageLedger.release(n, s));
    }

    @Test
    void rebuildSumsLivePodsOfTheNodeAndReportsUndecodableOnes() {
        var reg = List.of(a100("GPU-0").info());
        UsageRebuilder.Result r = UsageRebuilder.rebuild("w", reg, List.of(
                new PodAllocation("default/a", "w", "GPU-0,NVIDIA,20000,30:;", 0, false, false),
                new PodAllocation("default/b", "w", "GPU-0,NVIDIA,20000,30:;", 0, false, false),
                new PodAllocation("default/done", "w", "GPU-0,NVIDIA,20000,30:;", 0, false, true),
                new PodAllocation("default/other", "x", "GPU-0,NVIDIA,20000,30:;", 0, false, false),
                new PodAllocation("default/init", "w", "GPU-0,NVIDIA,9000,9:;GPU-0,NVIDIA,100,1:;", 1, true, false),
                new PodAllocation("default/bad", "w", "GPU-0,NVIDIA:;", 0, false, false)));
        assertEquals(new DeviceUsage(reg.get(0), 3, 40100, 61), r.devices().get(0));
        assertEquals(1, r.errors().size());
        assertTrue(r.errors().get(0).message().startsWith("default/bad: pod annotation format error"));
    }
}
