package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.CFG;
import static io.gpulab.scheduler.Fixtures.card;
import static io.gpulab.scheduler.Fixtures.gpu;
import static io.gpulab.scheduler.Fixtures.node;
import static io.gpulab.scheduler.Fixtures.pod;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** topology-aware: every passing card is collected, then chosen by hami.io/node-nvidia-score pair scores. */
class TopologyTest {

    private static final String SCORES = "[{\"uuid\":\"a\",\"score\":{\"b\":10,\"c\":90}},"
            + "{\"uuid\":\"b\",\"score\":{\"a\":10,\"c\":20}},{\"uuid\":\"c\",\"score\":{\"a\":90,\"b\":20}}]";
    private static final NodeInfo N = node("n", Map.of("hami.io/node-nvidia-score", SCORES),
            DeviceUsage.idle(card("a", 0, 10000, 100, 10, "NVIDIA L4", 0)),
            DeviceUsage.idle(card("b", 1, 10000, 100, 10, "NVIDIA L4", 0)),
            DeviceUsage.idle(card("c", 2, 10000, 100, 10, "NVIDIA L4", 0)));
    private static final Map<String, String> TOPO = Map.of("hami.io/gpu-scheduler-policy", "topology-aware");

    private static List<String> chosen(int n) {
        return HamiFilter.filter(pod("p", TOPO, gpu(n, 1000, 10)), List.of(N), CFG).devices().containers().get(0)
                .stream().map(ContainerDevice::uuid).sorted().toList();
    }

    @Test
    void twoCardsTakeTheBestConnectedPair() {
        assertEquals(List.of("a", "c"), chosen(2));
    }

    @Test
    void oneCardTakesTheLeastConnectedCard() {
        assertEquals(List.of("b"), chosen(1));
    }

    @Test
    void allCandidatesWhenExactlyEnough() {
        assertEquals(List.of("a", "b", "c"), chosen(3));
    }
}
