package io.gpulab.engine.sim;

import io.gpulab.engine.scenario.Scenario;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fast paths for saturated labs ({@link FitIndex} handing one node's fit on to nodes of the same shape, keeping
 * the answer of a node whose cards did not change) must leave a lab exactly as the plain filter does: every pod on
 * the same node and cards, the same pending reasons, events and traces. Seeded random labs of many identical
 * workers (more than a tenant keeps per-node reasons for), asked for more than they hold, with CPU pressure, pods
 * that name cards by id, sick cards, deletes and clock advances; a failing seed replays as it is.
 */
class SimSaturatedEquivalenceTest {

    @Test
    void seededSaturatedLabsOfIdenticalWorkersGiveTheSameLab() {
        for (long seed = 101; seed <= 104; seed++) {
            Scenario s = SimFilterIndexEquivalenceTest.read(saturated(new Random(seed)));
            int pending = SimFilterIndexEquivalenceTest.assertSameOutcome(s);
            assertTrue(pending > 50, "seed " + seed + ": the lab should be saturated, " + pending + " pending");
        }
    }

    /**
     * On 300 workers HAMi's FilteringSucceed text lists more fits than the log keeps (1 kB): the index keeps that
     * list between pods while the fits it names are unchanged, and the cut texts must still be the plain filter's.
     */
    @Test
    void fitListsLongerThanTheLogKeepsAreTheSame() {
        for (long seed = 201; seed <= 202; seed++) {
            Scenario s = SimFilterIndexEquivalenceTest.read(saturated(new Random(seed), 300, 2000));
            SimFilterIndexEquivalenceTest.assertSameOutcome(s);
            try (SimBackend b = SimBackend.start(s.lab())) {
                new io.gpulab.engine.scenario.ScenarioRunner(b).run(s);
                long cut = b.events().stream().filter(e -> "FilteringSucceed".equals(e.reason())
                        && e.message().length() == EventLog.MAX_MESSAGE && e.message().endsWith("...")).count();
                assertTrue(cut > 500, "seed " + seed + ": most placements should log a cut list, " + cut + " did");
            }
        }
    }

    /** 72 workers of two shapes, ~700 pods asking for about twice their cards. */
    private static String saturated(Random r) {
        return saturated(r, 72, 700);
    }

    private static String saturated(Random r, int workers, int steps) {
        StringBuilder y = SaturatedLabs.lab("saturated", "", workers, 32, 131072);
        y.append("steps:\n");
        int pods = 0;
        for (int i = 0; i < steps; i++) {
            int dice = r.nextInt(100);
            if (dice == 0 && pods > 0) {
                y.append("  - delete: {tenant: t, pod: p%d}\n".formatted(r.nextInt(pods)));
            } else if (dice == 1) {
                y.append("  - advance: 1m\n");
            } else if (dice == 2) {
                y.append("  - fault: {tenant: t, card: GPU-%d, health: %s}\n".formatted(r.nextInt(288),
                        r.nextBoolean()));
            } else {
                y.append(pod(r, pods++));
            }
        }
        return y.toString();
    }

    private static String pod(Random r, int n) {
        StringBuilder ann = new StringBuilder();
        if (r.nextInt(30) == 0) {
            ann.append("nvidia.com/use-gpuuuid: GPU-").append(r.nextInt(288)).append(", ");
        } else if (r.nextInt(30) == 0) {
            ann.append("nvidia.com/nouse-gpuuuid: GPU-").append(r.nextInt(288)).append(", ");
        }
        if (r.nextInt(8) == 0) {
            ann.append("hami.io/gpu-scheduler-policy: spread, ");
        }
        if (r.nextInt(10) == 0) {
            ann.append("nvidia.com/use-gputype: L4, ");
        }
        String limits;
        int kind = r.nextInt(10);
        if (kind == 0) {
            limits = "{nvidia.com/gpu: %d}".formatted(1 + r.nextInt(4));
        } else if (kind == 1) {
            limits = "{}";
        } else {
            limits = "{nvidia.com/gpu: %d, nvidia.com/gpumem: %d, nvidia.com/gpucores: %d}".formatted(
                    1 + (r.nextInt(6) == 0 ? 1 : 0), 2000 * (1 + r.nextInt(10)), 10 * r.nextInt(8));
        }
        return SaturatedLabs.submit(n, null, ann, "{limits: %s, requests: {cpu: %dm, memory: %dMi}}"
                .formatted(limits, 250 * r.nextInt(12), 512 * r.nextInt(16)));
    }
}
