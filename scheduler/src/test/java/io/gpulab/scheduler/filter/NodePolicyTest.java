package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.CFG;
import static io.gpulab.scheduler.Fixtures.card;
import static io.gpulab.scheduler.Fixtures.gpu;
import static io.gpulab.scheduler.Fixtures.node;
import static io.gpulab.scheduler.Fixtures.pod;
import static io.gpulab.scheduler.Fixtures.used;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Node policy (binpack/spread, per pod override), GPU policy inside a node, node score and tie-break. */
class NodePolicyTest {

    private static final String T = "NVIDIA A100-SXM4-80GB";

    private static DeviceInfo c(String id, int idx) {
        return card(id, idx, 81920, 100, 10, T, 0);
    }

    /** busy: one card 50% used; idle: untouched; both with two cards. */
    private final List<NodeInfo> fleet = List.of(
            node("busy", used(c("B0", 0), 2, 40960, 50), used(c("B1", 1), 1, 8192, 10)),
            node("idle", used(c("I0", 0), 0, 0, 0), used(c("I1", 1), 0, 0, 0)),
            node("tiny", used(card("T0", 0, 1000, 100, 10, T, 0), 0, 0, 0)));

    private FilterResult run(Map<String, String> ann) {
        return HamiFilter.filter(pod("p", ann, gpu(1, 4000, 10)), fleet, CFG);
    }

    @Test
    void binpackChoosesTheMostUsedNodeAndSpreadTheLeast() {
        assertEquals("busy", run(Map.of()).node());
        assertEquals("idle", run(Map.of("hami.io/node-scheduler-policy", "spread")).node());
        assertEquals("busy", run(Map.of("hami.io/node-scheduler-policy", "anything")).node());
        assertEquals("1/1 CardInsufficientMemory", run(Map.of()).failedNodes().get("tiny"));
    }

    @Test
    void gpuPolicyPicksTheCardInsideTheNode() {
        // spread (default): emptiest card first; binpack: fullest card first
        assertEquals("B1", run(Map.of()).devices().containers().get(0).get(0).uuid());
        assertEquals("B0", run(Map.of("hami.io/gpu-scheduler-policy", "binpack")).devices().containers().get(0)
                .get(0).uuid());
    }

    @Test
    void nodeScoresUseExistingUsageAndAreListedInSortedOrder() {
        FilterResult r = run(Map.of());
        float busy = 10f * (3f / 20f + 60f / 200f + 49152f / 163840f);
        assertEquals(List.of("idle", "busy"), r.nodeScores().stream().map(NodeScore::node).toList());
        assertEquals(busy, r.nodeScores().get(1).score());
        assertEquals("find fit node(busy), 1 nodes not fit, 2 nodes fit(idle:0.00,busy:7.50)",
                r.events().get(0).message());
    }

    @Test
    void equalScoresGoToTheSmallestNodeName() {
        List<NodeInfo> twins = List.of(node("w-b", used(c("x", 0), 0, 0, 0)), node("w-a", used(c("y", 0), 0, 0, 0)),
                node("w-c", used(c("z", 0), 0, 0, 0)));
        PodInfo p = pod("p", gpu(1, 1000, 10));
        assertEquals("w-a", HamiFilter.filter(p, twins, CFG).node());
        assertEquals("w-a", HamiFilter.filter(p, List.of(twins.get(2), twins.get(0), twins.get(1)), CFG).node());
        PodInfo s = pod("p", Map.of("hami.io/node-scheduler-policy", "spread"), gpu(1, 1000, 10));
        assertEquals("w-a", HamiFilter.filter(s, twins, CFG).node());
    }

    @Test
    void unregisteredNodesAndPodsWithoutGpusAreHandledLikeHami() {
        List<NodeInfo> withEmpty = List.of(fleet.get(2), new NodeInfo("cpu-only", Map.of(), List.of()));
        FilterResult r = HamiFilter.filter(pod("p", gpu(1, 4000, 10)), withEmpty, CFG);
        assertEquals(Map.of("cpu-only", "node unregistered", "tiny", "1/1 CardInsufficientMemory"), r.failedNodes());
        assertEquals(List.of("1 nodes CardInsufficientMemory(tiny)", "no available node, 2 nodes do not meet"),
                r.events().stream().map(HamiEvent::message).toList());
        FilterResult skip = HamiFilter.filter(pod("p", io.gpulab.scheduler.Fixtures.limits("m", "cpu", "1")),
                withEmpty, CFG);
        assertEquals(Code.SKIP, skip.status().code());
        assertTrue(skip.events().isEmpty());
    }

    @Test
    void failedEventsGroupNodesByReasonType() {
        List<NodeInfo> full = List.of(node("b", used(c("b0", 0), 10, 0, 0)), node("a", used(c("a0", 0), 10, 0, 0),
                used(c("a1", 1), 1, 81000, 0)));
        FilterResult r = HamiFilter.filter(pod("p", gpu(1, 4000, 10)), full, CFG);
        assertEquals(List.of("1 nodes CardInsufficientMemory(a)", "2 nodes CardTimeSlicingExhausted(a,b)",
                "no available node, 2 nodes do not meet"), r.events().stream().map(HamiEvent::message).toList());
        assertEquals("1/2 CardInsufficientMemory, 1/2 CardTimeSlicingExhausted", r.failedNodes().get("a"));
    }

    @Test
    void goFixedRoundsHalfEvenOnTheExactValue() {
        assertEquals("0.12", FilterEvents.goFixed2(0.125f));
        assertEquals("0.38", FilterEvents.goFixed2(0.375f));
        assertEquals("6.44", FilterEvents.goFixed2(6.4414062f));
    }
}
