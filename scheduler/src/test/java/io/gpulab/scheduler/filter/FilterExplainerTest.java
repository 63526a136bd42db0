package io.gpulab.scheduler.filter;

import static io.gpulab.scheduler.Fixtures.CFG;
import static io.gpulab.scheduler.Fixtures.card;
import static io.gpulab.scheduler.Fixtures.gpu;
import static io.gpulab.scheduler.Fixtures.limits;
import static io.gpulab.scheduler.Fixtures.node;
import static io.gpulab.scheduler.Fixtures.pod;
import static io.gpulab.scheduler.Fixtures.used;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The explanation is HAMi's decision: same node, same cards, same reasons, and scores HAMi's order sorts by. */
class FilterExplainerTest {

    private static FilterWhy explain(PodInfo pod, List<NodeInfo> nodes) {
        Decoded<FilterContext> ctx = FilterContext.of(pod, CFG);
        return FilterExplainer.explain(ctx.value(), nodes, null, Map.of());
    }

    @Test
    void agreesWithTheFilterOnRandomFleets() {
        Random r = new Random(24L);
        int chosen = 0;
        for (int i = 0; i < 1500; i++) {
            List<NodeInfo> fleet = RandomScenarios.fleet(r, 1 + r.nextInt(6));
            PodInfo pod = RandomScenarios.pod(r, i);
            Decoded<FilterContext> ctx = FilterContext.of(pod, CFG);
            if (!ctx.isOk() || !ctx.value().requestsAnyDevice()) {
                continue;
            }
            FilterResult result = HamiFilter.filter(pod, fleet, CFG);
            FilterWhy why = FilterExplainer.explain(ctx.value(), fleet, null, Map.of());
            String where = "case " + i + ": " + pod;
            assertEquals(result.node(), why.chosen(), where);
            for (FilterWhy.NodeWhy n : why.nodes()) {
                assertEquals(result.failedNodes().get(n.node()), n.reason(), where + " node " + n.node());
                if ("chosen".equals(n.verdict())) {
                    List<List<ContainerDevice>> got = new ArrayList<>();
                    result.devices().containers().forEach(c -> {
                        if (!c.isEmpty()) {
                            got.add(c);
                        }
                    });
                    assertEquals(got, n.containers().stream().map(FilterWhy.ContainerWhy::devices).toList(), where);
                }
                for (FilterWhy.ContainerWhy c : n.containers()) {
                    // cards are listed in the order tried: 1, 2, 3, ... then those never reached
                    int expect = 1;
                    for (FilterWhy.CardWhy card : c.cards()) {
                        if (card.tried() > 0) {
                            assertEquals(expect++, card.tried(), where);
                        }
                    }
                }
            }
            assertEquals(result.nodeScores().size(), why.nodes().stream().filter(n -> !"failed".equals(n.verdict()))
                    .count());
            chosen += why.chosen() == null ? 0 : 1;
        }
        assertTrue(chosen > 300, "fits: " + chosen);
    }

    @Test
    void spreadTriesTheEmptiestCardFirstAndSaysWhy() {
        NodeInfo n = node("n", Map.of(), used(card("GPU-busy", 0, 16000, 100, 10, "NVIDIA-Tesla T4", 0), 3, 6000, 60),
                DeviceUsage.idle(card("GPU-idle", 1, 16000, 100, 10, "NVIDIA-Tesla T4", 0)));
        FilterWhy why = explain(pod("p", limits("main", "nvidia.com/gpu", "1", "nvidia.com/gpumem", "1000")), List.of(n));
        FilterWhy.ContainerWhy c = why.nodes().get(0).containers().get(0);
        assertEquals("GPU-idle", c.cards().get(0).id());
        assertEquals("taken", c.cards().get(0).verdict());
        assertEquals("not tried", c.cards().get(1).verdict());
        assertTrue(c.cards().get(0).score() < c.cards().get(1).score());
        assertTrue(why.cardOrder().startsWith("spread: the lowest card score is tried first"), why.cardOrder());
        // real type strings: HAMi's score does not count the container's own request (type "NVIDIA" differs)
        assertEquals(new FilterWhy.Terms(0.3f, 0.6f, 0.375f, false), c.cards().get(1).terms());
        assertEquals(3 + 6 + 3.75f, c.cards().get(1).score(), 1e-5);
    }

    @Test
    void eachCardCarriesTheCheckThatFailedIt() {
        NodeInfo n = node("n", Map.of(), used(card("GPU-a", 0, 16000, 100, 10, "NVIDIA-Tesla T4", 0), 1, 15000, 10),
                used(card("GPU-b", 1, 16000, 100, 10, "NVIDIA-Tesla T4", 0), 1, 1000, 90));
        FilterWhy why = explain(pod("p", gpu(1, 2000, 20)), List.of(n));
        FilterWhy.NodeWhy node = why.nodes().get(0);
        assertEquals("failed", node.verdict());
        // the score HAMi takes before the fit: 10 x (2/20 + 100/200 + 16000/32000), unused for a failed node
        assertEquals(11f, node.score(), 1e-5);
        assertEquals("1/2 CardInsufficientCore, 1/2 CardInsufficientMemory", node.reason());
        List<String> verdicts = node.containers().get(0).cards().stream().map(FilterWhy.CardWhy::verdict).sorted()
                .toList();
        assertEquals(List.of("CardInsufficientCore", "CardInsufficientMemory"), verdicts);
        assertEquals(2000, node.containers().get(0).cards().get(0).askedMemMB());
    }

    @Test
    void aWeightsAnnotationIsShownAsTheWeightsInForce() {
        NodeInfo n = node("n", Map.of(), DeviceUsage.idle(card("GPU-a", 0, 16000, 100, 10, "NVIDIA-Tesla T4", 0)));
        PodInfo weighted = pod("p", Map.of("hami.io/device-scoring-weights", "slot=0,core=1,memory=3"),
                gpu(1, 1000, 10));
        FilterWhy why = explain(weighted, List.of(n));
        assertEquals(new FilterWhy.Weights(0, 1, 3, "hami.io/device-scoring-weights: slot=0,core=1,memory=3"),
                why.weights());
    }
}
