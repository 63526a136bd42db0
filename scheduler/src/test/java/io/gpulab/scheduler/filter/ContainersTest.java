package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.CFG;
import static io.gpulab.scheduler.Fixtures.card;
import static io.gpulab.scheduler.Fixtures.gpu;
import static io.gpulab.scheduler.Fixtures.limits;
import static io.gpulab.scheduler.Fixtures.node;
import static io.gpulab.scheduler.Fixtures.podWithInit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Init containers on fresh copies, app containers cumulative, empty entries keep indexes aligned. */
class ContainersTest {

    private static final NodeInfo ONE = node("n", DeviceUsage.idle(card("G", 0, 10000, 100, 10, "NVIDIA L4", 0)));

    @Test
    void initContainersDoNotStackOnEachOtherNorOnAppContainers() {
        PodInfo p = podWithInit("p", List.of(gpu(1, 8000, 60), gpu(1, 8000, 60)), List.of(gpu(1, 8000, 40)));
        FilterResult r = HamiFilter.filter(p, List.of(ONE), CFG);
        assertEquals("n", r.node());
        assertEquals(3, r.devices().containers().size());
    }

    @Test
    void appContainersStack() {
        PodInfo p = podWithInit("p", List.of(), List.of(gpu(1, 6000, 10), gpu(1, 6000, 10)));
        FilterResult r = HamiFilter.filter(p, List.of(ONE), CFG);
        assertNull(r.node());
        assertEquals("1/1 CardInsufficientMemory", r.failedNodes().get("n"));
    }

    @Test
    void containersWithoutRequestsKeepEmptyEntries() {
        PodInfo p = podWithInit("p", List.of(limits("setup", "cpu", "1")),
                List.of(limits("side", "cpu", "1"), gpu(1, 1000, 5)));
        FilterResult r = HamiFilter.filter(p, List.of(ONE), CFG);
        assertEquals(List.of(List.of(), List.of(), List.of(new ContainerDevice("G", "NVIDIA", 1000, 5))),
                r.devices().containers());
    }

    @Test
    void multiGpuContainerGetsDistinctCards() {
        NodeInfo n = node("n", DeviceUsage.idle(card("a", 0, 10000, 100, 10, "NVIDIA L4", 0)),
                DeviceUsage.idle(card("b", 1, 10000, 100, 10, "NVIDIA L4", 0)));
        FilterResult r = HamiFilter.filter(podWithInit("p", List.of(), List.of(gpu(2, 1000, 5))), List.of(n), CFG);
        assertEquals(2, r.devices().containers().get(0).stream().map(ContainerDevice::uuid).distinct().count());
    }
}
