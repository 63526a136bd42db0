package io.gpulab.scheduler.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.scheduler.Fixtures;
import io.gpulab.scheduler.filter.FilterContext;
import io.gpulab.scheduler.filter.RandomScenarios;
import io.gpulab.scheduler.filter.ReferenceFilter;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.usage.PodUsage;
import io.gpulab.scheduler.usage.UsageLedger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The indexed scheduler places pod after pod exactly where the exhaustive reference would. */
class IndexedSchedulerTest {

    @ParameterizedTest
    @ValueSource(strings = {"binpack", "spread"})
    void sequentialDecisionsEqualTheExhaustiveReferenceOnRandomFleets(String policy) {
        SchedulerConfig cfg = new SchedulerConfig(0, 0, 1, 1, 10, 1.0, 1.0, policy, "spread",
                Fixtures.CFG.nodeLockTimeout());
        Random r = new Random(policy.hashCode());
        int placed = 0;
        int failed = 0;
        for (int round = 0; round < 6; round++) {
            List<NodeInfo> fleet = RandomScenarios.fleet(r, 30);
            List<NodeInfo> ref = new ArrayList<>(fleet);
            IndexedScheduler fast = new IndexedScheduler(fleet, policy, round);
            for (int i = 0; i < 150; i++) {
                PodInfo pod = RandomScenarios.pod(r, i);
                if (pod.annotations().containsKey("hami.io/device-scoring-weights")
                        && !FilterContext.of(pod, cfg).isOk()) {
                    continue;
                }
                Decision d = fast.schedule(FilterContext.of(pod, cfg).value());
                ReferenceFilter.Result e = ReferenceFilter.filter(pod, ref, cfg);
                assertEquals(e.node(), d.node(), "round " + round + " pod " + i + " " + pod);
                assertEquals(e.devices(), d.devices(), "round " + round + " pod " + i);
                if (e.node() != null) {
                    placed++;
                    for (int n = 0; n < ref.size(); n++) {
                        if (ref.get(n).name().equals(e.node())) {
                            ref.set(n, UsageLedger.apply(ref.get(n),
                                    PodUsage.collapse(e.devices(), pod.initContainers().size())));
                        }
                    }
                } else {
                    failed++;
                }
            }
            assertEquals(ref, fast.nodes(), "booked usage diverged in round " + round);
        }
        assertTrue(placed > 100 && failed > 20, "placed " + placed + " failed " + failed);
    }

    @ParameterizedTest
    @ValueSource(strings = {"binpack", "spread"})
    void benchFleetDecisionsEqualTheFullScan(String policy) {
        BenchResult r = Bench.run(new BenchConfig(60, 8, 1500, policy, 7, true));
        assertEquals(0, r.mismatches());
        assertTrue(r.scheduled() > 0);
    }
}
