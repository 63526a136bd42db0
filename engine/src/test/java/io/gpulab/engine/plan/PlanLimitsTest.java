package io.gpulab.engine.plan;

import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A plan beyond its bounds is refused before any replay, naming the limit (it ran for minutes, or out of memory). */
class PlanLimitsTest {

    private static String plan(String pods, String candidate) {
        return "apiVersion: gpulab.io/v1\nkind: Plan\nmetadata: {name: big}\nworkload:\n  pods:\n" + pods
                + "candidates:\n" + candidate
                + "  - name: b\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n    workers: 2\n";
    }

    private static final String ONE_TEMPLATE = "    - {name: chat, count: 8, gpuMemMB: 2000}\n";

    private static String error(String text) {
        return assertThrows(ScenarioException.class, () -> new PlanReader().read("p.yaml", text, null)).getMessage();
    }

    @Test
    void workersAndMaxWorkersAreBoundedByALab() {
        assertEquals("p.yaml:10: candidates[0].workers: at most 100,000 workers (a lab's limit), got 1,000,000,000",
                error(plan(ONE_TEMPLATE, "  - name: a\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n"
                        + "    workers: 1000000000\n")));
        assertTrue(error(plan(ONE_TEMPLATE, "  - name: a\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n"
                + "    minimize: workers\n    maxWorkers: 1000000\n")).contains("maxWorkers: at most 100,000 workers"));
    }

    @Test
    void podsAndTemplatesAreBounded() {
        assertEquals("p.yaml:6: workload.pods[0].count: at most 200,000 pods in a workload, got 1,000,000",
                error(plan("    - {name: chat, count: 1000000}\n", "  - name: a\n    worker: {cards: [{model: "
                        + "L4-24GB, count: 8}]}\n    workers: 2\n")));
        assertTrue(error(plan("    - {name: a, count: 150000}\n    - {name: b, count: 150000}\n", "  - name: a\n"
                + "    worker: {cards: [{model: L4-24GB, count: 8}]}\n    workers: 2\n"))
                .contains("workload.pods[1].count: the templates ask for more than 200,000 pods"));
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 1001; i++) {
            many.append("    - {name: t").append(i).append(", count: 1}\n");
        }
        assertTrue(error(plan(many.toString(), "  - name: a\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n"
                + "    workers: 2\n")).contains("at most 1,000 pod templates, got 1,001"));
    }

    @Test
    void candidatesAndOrdersAreBounded() {
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            many.append("  - name: c").append(i).append("\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n")
                    .append("    workers: 2\n");
        }
        assertTrue(error(plan(ONE_TEMPLATE, many.toString())).contains("candidates: a plan compares at most 50 "
                + "candidates, got 51"));
        String candidate = "  - name: a\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n    workers: 2\n";
        assertEquals("p.yaml:4: sensitivity.orders: at most 1,000 orders, got 1,001", error(plan(ONE_TEMPLATE,
                candidate).replace("workload:\n", "sensitivity: {orders: 1001}\nworkload:\n")));
    }

    @Test
    void aPlanThatWouldNotFitInTheHeapIsRefusedWithItsEstimate() {
        Plan p = new PlanReader().read("p.yaml", plan("    - {name: chat, count: 100000, gpuMemMB: 2000}\n",
                "  - name: a\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n    workers: 50000\n"), null);
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PlanLimits.checkMemory(p, w,
                2, 512L << 20, true, c -> c.workers()));
        // 96 MB + a (100,000 × 2,560 + 50,000 × 2,560 + 400,000 × 768 B) + b (100,000 × 2,560 + 2 × 2,560 + 16 × 768 B)
        assertEquals("this plan needs about 999 MB of heap (200,000 pods at 2.5 KB, 50,002 workers at 2.5 KB and "
                + "400,016 cards at 0.75 KB in the 2 replays that run at once, and 96 MB for the JVM and the plan), "
                + "more than the 512 MB this JVM's heap holds: give fewer pods, workers or candidates, or more heap "
                + "(GPULAB_JAVA_OPTS=-Xmx2g, JDK_JAVA_OPTIONS on Windows and macOS)", e.getMessage());
        PlanLimits.checkMemory(p, w, 2, 4L << 30, false, c -> c.workers()); // within the 1,400 MB of a plan
    }

    @Test
    void aPlanPastTheBudgetOfAProcessIsRefusedWhateverTheHeapUnlessTheHeapIsSetByHand() {
        Plan p = new PlanReader().read("p.yaml", plan("    - {name: chat, count: 200000, gpuMemMB: 2000}\n",
                "  - name: a\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n    workers: 100000\n"), null);
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PlanLimits.checkMemory(p, w,
                2, 6L << 30, false, c -> c.workers()));
        assertEquals("this plan needs about 1,902 MB of heap (400,000 pods at 2.5 KB, 100,002 workers at 2.5 KB and "
                + "800,016 cards at 0.75 KB in the 2 replays that run at once, and 96 MB for the JVM and the plan), "
                + "more than the 1,400 MB a plan may use (gpulab's 2 GB for a process, less its JVM's young generation "
                + "and memory outside the heap): give fewer pods, workers or candidates, or set a larger heap by hand "
                + "(GPULAB_JAVA_OPTS=-Xmx2g, JDK_JAVA_OPTIONS on Windows and macOS), which is then the bound",
                e.getMessage());
        PlanLimits.checkMemory(p, w, 2, 6L << 30, true, c -> c.workers()); // -Xmx6g by hand: the heap bounds it
        assertThrows(IllegalArgumentException.class, () -> PlanLimits.checkMemory(p, w, 2, 1L << 30, true,
                c -> c.workers()));
    }

    @Test
    void theEstimateCountsTheLargestGrowthStep() {
        String candidate = "  - name: a\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n    workers: 1000\n";
        Plan grown = new PlanReader().read("p.yaml", plan("    - {name: chat, count: 1000, gpuMemMB: 2000}\n",
                candidate).replace("workload:\n", "sensitivity: {orders: 2, growth: [0, 50]}\nworkload:\n"), null);
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(grown.workload());
        PlanLimits.Memory m = PlanLimits.memory(grown, w, 2, c -> c.workers());
        assertEquals(3_000, m.pods(), "1,500 pods in each of 2 replays");
        assertEquals(1_500 + 3, m.workers());
    }

    /** The plan that ran past 120 s: 199,082 pods on 100,000 workers of one candidate (issue 23). */
    private static Plan fleet() {
        return new PlanReader().read("p.yaml", "apiVersion: gpulab.io/v1\nkind: Plan\nmetadata: {name: big}\n"
                + "workload:\n  pods:\n    - {name: chat, count: 1, gpuMemMB: 20000, gpuCores: 30}\ncandidates:\n"
                + "  - name: a100\n    worker: {cards: [{model: A100-80GB, count: 4}]}\n    workers: 100000\n"
                + "  - name: l4\n    worker: {cards: [{model: L4-24GB, count: 8}]}\n    workers: 1\n", null);
    }

    /** {@code n} copies of the plan's one pod, all arriving: the size of the workload is what the estimate reads. */
    private static Workload pods(Plan p, int n) {
        Workload one = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
        List<Arrival> events = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            events.add(new Arrival.Submit(i));
        }
        return new Workload("copies", Collections.nCopies(n, one.pods().get(0)), events);
    }

    @Test
    void aPlanWhoseReplaysWouldTakeTooLongIsRefusedUpFrontWithItsEstimateAndTheBound() {
        Plan p = fleet();
        Workload w = pods(p, 199_082);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PlanRunner(CardCatalog.builtIn(), 2).check(p, w));
        // a100: 199,082 pods + 2 x 100,000 workers + 400,000 cards / 8; l4: 199,082 + 2 + 1
        assertEquals("this plan's replays take about 648,167 steps (199,082 pods, 2 replays; a step is a pod "
                + "submitted, half a worker or eight cards), more than the 400,000 a plan may take (about 20 s of CPU): "
                + "give fewer pods, workers, candidates or orders, or lift the bound with --max-work 648167",
                e.getMessage());
        // at the bound it is accepted: 400,000 steps are the most a plan may take
        Workload fits = pods(p, 74_998);   // 74,998 + 250,000 + 74,998 + 3 = 399,999
        assertEquals(399_999, PlanLimits.work(p, fits, Candidate::workers));
        PlanLimits.checkWork(p, fits, PlanLimits.MAX_WORK, Candidate::workers);
        assertThrows(IllegalArgumentException.class, () -> PlanLimits.checkWork(p, pods(p, 75_000),
                PlanLimits.MAX_WORK, Candidate::workers));
    }

    @Test
    void aSearchCountsAllItsReplaysAndRobustnessReplaysEveryOrderAndGrowthStep() {
        Plan p = new PlanReader().read("p.yaml", plan(ONE_TEMPLATE, "  - name: a\n    worker: {cards: [{model: "
                + "L4-24GB, count: 8}]}\n    minimize: workers\n"), null);
        Workload w = pods(p, 100);
        // a: 12 replays at 10 workers of 8 cards (100 + 20 + 10); b: once at 2 workers (100 + 4 + 2)
        assertEquals(12 * 130 + 106, PlanLimits.work(p, w, c -> c.minimize() ? 10 : c.workers()));
        Plan robust = p.withSensitivity(new SensitivitySpec(3, List.of(0, 50), 1));
        // every order at 0 %: a twice at 10 workers, b once; at +50 %: 150 pods, a at 15 workers, b at 3
        long orders = 3 * (2 * 130 + 106) + 3 * (2 * (150 + 30 + 15) + (150 + 6 + 3));
        assertEquals(12 * 130 + 106 + orders, PlanLimits.work(robust, w, c -> c.minimize() ? 10 : c.workers()));
    }

    @Test
    void theBoundCanBeLiftedAndTheBuiltInPlansAreWellWithinIt() {
        for (String name : BuiltinPlans.names()) {
            Plan p = new PlanReader().load(name);
            Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
            new PlanRunner(CardCatalog.builtIn(), 2).check(p, w);
            assertTrue(PlanLimits.work(p, w, c -> WorkerSearch.lowerBound(c, w, new java.util.BitSet(),
                    CardCatalog.builtIn())) < PlanLimits.MAX_WORK / 10, name);
            assertThrows(IllegalArgumentException.class, () -> new PlanRunner(CardCatalog.builtIn(), 2).maxWork(1_000)
                    .check(p, w), name);
        }
        Plan p = fleet();
        Workload w = pods(p, 1_000);   // 1,000 + 250,000 + 1,003 steps
        assertThrows(IllegalArgumentException.class, () -> PlanLimits.checkWork(p, w, 200_000, Candidate::workers));
        PlanLimits.checkWork(p, w, 300_000, Candidate::workers);
        assertEquals("--max-work must be at least 1, got 0", assertThrows(IllegalArgumentException.class,
                () -> new PlanRunner().maxWork(0)).getMessage());
    }
}
