package io.gpulab.engine.sim;

import io.gpulab.engine.metrics.LabMetrics;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link SimBackend#allocatedMilli()} is what a plan's allocation curve reads instead of a snapshot: after every
 * command of a seeded random workload (placements, pending pods, deletes, sick cards, advances) it must equal the
 * lab metrics' GPU allocation of the lab's snapshot.
 */
class SimAllocationTrackingTest {

    @Test
    void theRunningAllocationEqualsTheSnapshotsAfterEveryCommand() {
        for (long seed = 21; seed <= 24; seed++) {
            Scenario s = SimFilterIndexEquivalenceTest.read(
                    SimFilterIndexEquivalenceTest.randomScenario(new Random(seed), seed % 2 == 0));
            try (SimBackend b = SimBackend.start(s.lab())) {
                AtomicInteger checked = new AtomicInteger();
                long[] max = {0};
                long seedNo = seed;
                b.subscribe((snap, events) -> {
                    long used = LabMetrics.of(snap).gpuAllocation().used();
                    assertEquals(used, b.allocatedMilli(), "seed " + seedNo + ", command " + checked.get());
                    max[0] = Math.max(max[0], used);
                    checked.incrementAndGet();
                });
                new ScenarioRunner(b).run(s);
                assertTrue(checked.get() > 100, "every command is checked");
                assertTrue(max[0] > 0, "seed " + seed + ": the workload should allocate something");
            }
        }
    }
}
