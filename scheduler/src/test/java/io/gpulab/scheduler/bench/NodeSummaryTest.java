package io.gpulab.scheduler.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.scheduler.Fixtures;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.NodeFit;
import io.gpulab.scheduler.filter.NodeFitter;
import io.gpulab.scheduler.filter.RandomScenarios;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Property: the index never prunes a node that HAMi's Fit accepts (its bounds are a necessary condition). */
class NodeSummaryTest {

    @Test
    void everyNodeThatFitsPassesTheBoundsForEveryContainer() {
        Random r = new Random(17);
        int fits = 0;
        int[] bounds = new int[NodeSummary.FIELDS];
        for (int i = 0; i < 20000; i++) {
            NodeInfo node = RandomScenarios.fleet(r, 1).get(0);
            PodInfo pod = RandomScenarios.pod(r, i);
            var ctx = FilterContext.of(pod, Fixtures.CFG);
            if (!ctx.isOk()) {
                continue;
            }
            NodeFit f = NodeFitter.fit(ctx.value(), node, null);
            if (!f.fits() || !ctx.value().requestsAnyDevice()) {
                continue;
            }
            fits++;
            NodeSummary.of(node, bounds);
            for (ContainerDeviceRequest k : ctx.value().requests()) {
                assertTrue(k.isEmpty() || NodeSummary.mayFit(bounds, 0, k), "pruned a fitting node: " + node
                        + " for " + k);
            }
        }
        assertTrue(fits > 2000, "fits " + fits);
    }
}
