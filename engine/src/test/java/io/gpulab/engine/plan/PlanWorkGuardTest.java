package io.gpulab.engine.plan;

import io.gpulab.engine.testkit.WaitingPlan;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plan whose estimate passes its work bound but whose replays do more is stopped while replaying, in one line: the
 * estimate cannot know how many pods wait at each departure, or how many replays a search takes under another order
 * ({@link WaitingPlan}).
 */
class PlanWorkGuardTest {

    private static Plan read(Path plan) throws Exception {
        return new PlanReader().read(plan.getFileName().toString(), Files.readString(plan), plan.getParent());
    }

    @Test
    void aPlanWhoseRealWorkPassesTheBoundIsStoppedInOneLineNamingBoundStepsAndWhere(@TempDir Path dir)
            throws Exception {
        Plan p = read(WaitingPlan.write(dir, 16));
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
        // up front: 200 pods + 2 x 16 workers + 128 cards / 8, and no pod waits by the capacity bound; a100: 275
        assertEquals(248 + 275, new PlanRunner(CardCatalog.builtIn(), 1).maxWork(1_000).check(p, w));
        PlanWorkExceeded e = assertThrows(PlanWorkExceeded.class, () -> new PlanRunner(CardCatalog.builtIn(), 1)
                .maxWork(1_000).run(p, w, PlanProgress.NONE, new AtomicBoolean()));
        assertEquals(1_000, e.bound());
        assertTrue(e.done() > 1_000 && e.done() < 1_000 + 200, "stopped at the step past the bound: " + e.done());
        assertEquals(String.format(java.util.Locale.ROOT, "this plan was stopped after %,d replay steps, past the "
                + "1,000 a plan may take (estimated up front at 523), at candidate l4, replay 1 (16 "
                + "workers): give fewer pods, workers, candidates or orders, or lift the bound with --max-work",
                e.done()), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
        // lifted, it runs to its answer: every pod placed once the first ones left
        PlanResult r = new PlanRunner(CardCatalog.builtIn(), 1).maxWork(10_000).run(p, w, PlanProgress.NONE,
                new AtomicBoolean());
        assertEquals(200, r.candidates().get(0).placed());
    }

    @Test
    void theEstimateCountsThePodsThatWaitAtEveryDepartureOfACandidateTooSmallForTheTrace(@TempDir Path dir)
            throws Exception {
        Plan p = read(WaitingPlan.write(dir, 4));
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
        // by the capacity bound the 200 pods need 15 workers (114 cards' worth), all present at once; 4 hold
        // 4/15 of them, so 146.7 wait at each of the 200 departures: 29,333 rechecks, four a step, besides
        // 200 pods + 8 + 4 (and a100's 275, which holds them all)
        long estimate = new PlanRunner(CardCatalog.builtIn(), 1).maxWork(100_000).check(p, w);
        assertEquals(212 + 7_334 + 275, estimate);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new PlanRunner(CardCatalog.builtIn(), 1)
                .maxWork(5_000).check(p, w)).getMessage().startsWith("this plan's replays take about 7,821 steps"));
    }

    @Test
    void anUnboundedRunIsNeverStopped(@TempDir Path dir) throws Exception {
        Plan p = read(WaitingPlan.write(dir, 16));
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
        PlanResult r = new PlanRunner(CardCatalog.builtIn(), 1).maxWork(Long.MAX_VALUE).run(p, w, PlanProgress.NONE,
                new AtomicBoolean());
        assertEquals(200, r.candidates().get(0).placed());
    }
}
