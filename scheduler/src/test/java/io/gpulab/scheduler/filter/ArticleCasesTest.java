package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.CFG;
import static io.gpulab.scheduler.Fixtures.a100;
import static io.gpulab.scheduler.Fixtures.gpu;
import static io.gpulab.scheduler.Fixtures.node;
import static io.gpulab.scheduler.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.usage.PodUsage;
import io.gpulab.scheduler.usage.UsageLedger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The article's lab: one A100 80 GB card (81,920 MB, 100 core units, 10 slots) on tenant-a-worker. */
class ArticleCasesTest {

    private NodeInfo worker = node("tenant-a-worker", a100("GPU-0"));

    private FilterResult submit(String name, int mem, int cores) {
        FilterResult r = HamiFilter.filter(pod(name, gpu(1, mem, cores)), List.of(worker), CFG);
        if (r.node() != null) {
            worker = UsageLedger.apply(worker, PodUsage.collapse(r.devices(), 0));
        }
        return r;
    }

    @Test
    void threePodsOf20000MbAnd30PercentShareOneCardAndTheFourthIsRefusedForCores() {
        for (int i = 1; i <= 3; i++) {
            FilterResult r = submit("gpu-pod-" + i, 20000, 30);
            assertEquals("tenant-a-worker", r.node());
            assertEquals("GPU-0", r.devices().containers().get(0).get(0).uuid());
        }
        DeviceUsage card = worker.devices().get(0);
        assertEquals(60000, card.usedMem());
        assertEquals(90, card.usedCores());
        assertEquals(3, card.usedSlots());

        FilterResult fourth = submit("gpu-pod-4", 20000, 30);
        assertNull(fourth.node());
        assertEquals(Code.UNSCHEDULABLE, fourth.status().code());
        assertEquals(Map.of("tenant-a-worker", "1/1 CardInsufficientCore"), fourth.failedNodes());
        assertEquals(List.of(
                new HamiEvent("FilteringFailed", "Warning", "1 nodes CardInsufficientCore(tenant-a-worker)"),
                new HamiEvent("FilteringFailed", "Warning", "no available node, 1 nodes do not meet")),
                fourth.events());
    }

    @Test
    void a90000MbRequestFitsNoCardBecauseOfMemory() {
        FilterResult r = submit("big", 90000, 10);
        assertNull(r.node());
        assertEquals("1/1 CardInsufficientMemory", r.failedNodes().get("tenant-a-worker"));
    }

    @Test
    void successEventNamesTheNodeAndItsScore() {
        FilterResult r = submit("gpu-pod-1", 20000, 30);
        assertEquals(List.of(new HamiEvent("FilteringSucceed", "Normal",
                "find fit node(tenant-a-worker), 0 nodes not fit, 1 nodes fit(tenant-a-worker:0.00)")), r.events());
        FilterResult second = submit("gpu-pod-2", 20000, 30);
        // existing usage only: 10 * (1/10 + 30/100 + 20000/81920) = 6.4414062
        assertEquals("find fit node(tenant-a-worker), 0 nodes not fit, 1 nodes fit(tenant-a-worker:6.44)",
                second.events().get(0).message());
    }
}
