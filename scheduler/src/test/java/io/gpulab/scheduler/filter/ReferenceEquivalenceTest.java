package io.gpulab.scheduler.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpulab.scheduler.Fixtures;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The production filter decides exactly as the literal reference transcription on random fleets. */
class ReferenceEquivalenceTest {

    @Test
    void sameNodeSameCardsSameReasonsOnRandomFleets() {
        Random r = new Random(20261202L);
        int chosen = 0;
        for (int i = 0; i < 2000; i++) {
            List<NodeInfo> fleet = RandomScenarios.fleet(r, 1 + r.nextInt(8));
            PodInfo pod = RandomScenarios.pod(r, i);
            FilterResult fast = HamiFilter.filter(pod, fleet, Fixtures.CFG);
            ReferenceFilter.Result ref = ReferenceFilter.filter(pod, fleet, Fixtures.CFG);
            String where = "case " + i + " pod " + pod + " fleet " + fleet;
            assertEquals(ref.node(), fast.node(), where);
            assertEquals(ref.devices(), fast.devices(), where);
            assertEquals(ref.failed(), fast.failedNodes(), where);
            chosen += fast.node() == null ? 0 : 1;
        }
        // the generator must produce both outcomes often, or the comparison proves little
        org.junit.jupiter.api.Assertions.assertTrue(chosen > 500 && chosen < 1950, "fits: " + chosen);
    }
}
