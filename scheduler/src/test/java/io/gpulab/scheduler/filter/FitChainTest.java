package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.CFG;
import static io.gpulab.scheduler.Fixtures.card;
import static io.gpulab.scheduler.Fixtures.gpu;
import static io.gpulab.scheduler.Fixtures.limits;
import static io.gpulab.scheduler.Fixtures.node;
import static io.gpulab.scheduler.Fixtures.pod;
import static io.gpulab.scheduler.Fixtures.used;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each check of HAMi's Fit chain, in order, with its exact reason string (HAMi v2.10 pkg/device/nvidia/device.go, Fit). */
class FitChainTest {

    private static final String T = "NVIDIA-Tesla T4";

    private static String reason(PodInfo pod, NodeInfo node) {
        FilterResult r = HamiFilter.filter(pod, List.of(node), CFG);
        return r.failedNodes().getOrDefault(node.name(), "FIT " + r.devices());
    }

    private static DeviceUsage idle(String id, int numa) {
        return DeviceUsage.idle(card(id, 0, 16000, 100, 10, T, numa));
    }

    @Test
    void unhealthyCordonedTypeUuidSlotsEachNameTheirReason() {
        DeviceInfo sick = new DeviceInfo("GPU-sick", 0, 10, 16000, 100, T, 0, "hami-core", false);
        NodeInfo n = node("n", Map.of("hami.io/device-cordon", " GPU-c ,x"), DeviceUsage.idle(sick),
                idle("GPU-c", 0), used(card("GPU-full", 2, 16000, 100, 2, T, 0), 2, 0, 0));
        assertEquals("1/3 CardCordoned, 1/3 CardNotHealth, 1/3 CardTimeSlicingExhausted",
                reason(pod("p", gpu(1, 1000, 10)), n));
        assertEquals("1/3 CardCordoned, 1/3 CardNotHealth, 1/3 CardTypeMismatch",
                reason(pod("p", Map.of("nvidia.com/use-gputype", "A100"), gpu(1, 1000, 10)), n));
        assertEquals("1/3 CardCordoned, 1/3 CardNotHealth, 1/3 CardUuidMismatch",
                reason(pod("p", Map.of("nvidia.com/nouse-gpuuuid", "GPU-full"), gpu(1, 1000, 10)), n));
    }

    @Test
    void typeSelectorsAreCaseInsensitiveSubstringsAndBlankTokensNeverMatch() {
        NodeInfo n = node("n", DeviceUsage.idle(card("GPU-0", 0, 40000, 100, 10, "NVIDIA A100-PCIE", 0)));
        assertEquals("FIT", reason(pod("p", Map.of("nvidia.com/use-gputype", "a10"), gpu(1, 1, 1)), n)
                .substring(0, 3));
        assertEquals("1/1 CardTypeMismatch",
                reason(pod("p", Map.of("nvidia.com/use-gputype", " , L4"), gpu(1, 1, 1)), n));
        assertEquals("1/1 CardTypeMismatch",
                reason(pod("p", Map.of("nvidia.com/nouse-gputype", "A100"), gpu(1, 1, 1)), n));
        assertEquals("FIT", reason(pod("p", Map.of("nvidia.com/nouse-gputype", " ,"), gpu(1, 1, 1)), n)
                .substring(0, 3));
        assertEquals("1/1 CardTypeMismatch",
                reason(pod("p", Map.of("nvidia.com/vgpu-mode", "mig"), gpu(1, 1, 1)), n));
    }

    @Test
    void memoryIsCheckedBeforeCoresAndCoresBeforeExclusivity() {
        NodeInfo n = node("n", used(card("GPU-0", 0, 16000, 100, 10, T, 0), 1, 15000, 90));
        assertEquals("1/1 CardInsufficientMemory", reason(pod("p", gpu(1, 2000, 20)), n));
        assertEquals("1/1 CardInsufficientCore", reason(pod("p", gpu(1, 500, 20)), n));
        NodeInfo shared = node("n", used(card("GPU-0", 0, 16000, 100, 10, T, 0), 1, 1000, 0));
        assertEquals("1/1 ExclusiveDeviceAllocateConflict", reason(pod("p", gpu(1, 1000, 100)), shared));
        NodeInfo busy = node("n", used(card("GPU-0", 0, 16000, 100, 10, T, 0), 2, 1000, 100));
        assertEquals("1/1 CardComputeUnitsExhausted", reason(pod("p", gpu(1, 1000, 0)), busy));
    }

    @Test
    void coresAbove100AreClampedAndTheClampIsRecorded() {
        NodeInfo n = node("n", idle("GPU-0", 0));
        FilterResult r = HamiFilter.filter(pod("p", gpu(1, 1000, 150)), List.of(n), CFG);
        assertEquals(List.of(new ContainerDevice("GPU-0", "NVIDIA", 1000, 100)), r.devices().containers().get(0));
    }

    @Test
    void percentMemoryIsResolvedPerCardWithTruncation() {
        NodeInfo n = node("n", DeviceUsage.idle(card("GPU-a", 0, 15001, 100, 10, T, 0)),
                DeviceUsage.idle(card("GPU-b", 1, 24577, 100, 10, T, 0)));
        PodInfo p = pod("p", limits("main", "nvidia.com/gpu", "2", "nvidia.com/gpumem-percentage", "33",
                "nvidia.com/gpucores", "5"));
        FilterResult r = HamiFilter.filter(p, List.of(n), CFG);
        List<Integer> mems = r.devices().containers().get(0).stream().map(ContainerDevice::usedMem).sorted().toList();
        assertEquals(List.of(4950, 8110), mems);
    }

    @Test
    void gpumemWinsOverPercentage() {
        NodeInfo n = node("n", idle("GPU-0", 0));
        PodInfo p = pod("p", limits("main", "nvidia.com/gpu", "1", "nvidia.com/gpumem", "3000",
                "nvidia.com/gpumem-percentage", "50"));
        assertEquals(3000, HamiFilter.filter(p, List.of(n), CFG).devices().containers().get(0).get(0).usedMem());
    }

    @Test
    void partialMultiCardAllocationIsReportedAsAllocatedCardsInsufficientRequest() {
        NodeInfo n = node("n", idle("GPU-0", 0), idle("GPU-1", 0),
                used(card("GPU-2", 2, 16000, 100, 10, T, 0), 1, 15000, 0));
        assertEquals("1/3 CardInsufficientMemory, 2/3 AllocatedCardsInsufficientRequest",
                reason(pod("p", gpu(3, 2000, 10)), n));
    }

    @Test
    void moreCardsThanTheNodeHasIsNodeInsufficientDevice() {
        NodeInfo n = node("n", idle("GPU-0", 0), idle("GPU-1", 0));
        assertEquals("NodeInsufficientDevice", reason(pod("p", gpu(3, 1000, 10)), n));
    }

    @Test
    void numaBindNeedsOneContiguousSameNumaRun() {
        NodeInfo n = node("n", idle("GPU-0", 0), idle("GPU-1", 1), idle("GPU-2", 1),
                used(card("GPU-3", 3, 16000, 100, 10, T, 0), 10, 0, 0));
        Map<String, String> bind = Map.of("nvidia.com/numa-bind", "true");
        assertEquals("FIT", reason(pod("p", bind, gpu(2, 1000, 10)), n).substring(0, 3));
        assertEquals("1/4 AllocatedCardsInsufficientRequest, 1/4 CardTimeSlicingExhausted, 2/4 NumaNotFit",
                reason(pod("p", bind, gpu(3, 1000, 10)), n));
    }

    @Test
    void mutexPolicySkipsEveryCardInUse() {
        NodeInfo n = node("n", used(card("GPU-0", 0, 16000, 100, 10, T, 0), 1, 100, 1), idle("GPU-1", 0));
        FilterResult r = HamiFilter.filter(pod("p", Map.of("hami.io/gpu-scheduler-policy", "mutex"),
                gpu(2, 1000, 10)), List.of(n), CFG);
        assertEquals("1/2 AllocatedCardsInsufficientRequest, 1/2 ExclusiveDeviceAllocateConflict",
                r.failedNodes().get("n"));
    }

    @Test
    void reasonEntriesSortAsPlainStrings() {
        ReasonTally t = new ReasonTally();
        t.add("Y", 2);
        t.add("X", 10);
        assertEquals("10/12 X, 2/12 Y", t.format(12));
        assertEquals(List.of("X", "Y"), ReasonTally.parse("10/12 X, 2/12 Y"));
        assertEquals(List.of(), ReasonTally.parse("NodeInsufficientDevice"));
    }
}
