package io.gpulab.engine.plan;

import io.gpulab.engine.metrics.AllocationCurve;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A plan replayed on its candidates: the answers a platform engineer reads. */
class PlanRunnerTest {

    private static final String PLAN = """
            apiVersion: gpulab.io/v1
            kind: Plan
            metadata: {name: t}
            workload:
              pods:
                - {name: chat, count: 30, gpuMemMB: 20000, gpuCores: 30}
                - {name: train, count: 4, gpus: 2}
                - {name: hopper, count: 12, gpuMemMB: 60000, model: H100-80GB}
            prices: {currency: EUR, period: month, cards: {A100-80GB: 1000, L4-24GB: 200}, worker: 50}
            candidates:
              - name: a100
                worker: {cpu: 64, memoryMiB: 262144, cards: [{model: A100-80GB, count: 4}]}
                minimize: workers
              - name: l4
                worker: {cpu: 64, memoryMiB: 262144, cards: [{model: L4-24GB, count: 8}]}
                workers: 2
            """;

    static PlanResult run(String text, int threads) {
        Plan plan = new PlanReader().read("t.yaml", text, null);
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(plan.workload());
        return new PlanRunner(CardCatalog.builtIn(), threads).run(plan, w, PlanProgress.NONE, new AtomicBoolean());
    }

    @Test
    void podsNoCandidateCanRunAreSaidPlainlyNotHiddenInPending() {
        PlanResult r = run(PLAN, 2);
        assertEquals(List.of(new Fit.NeverFit(12, "need H100-80GB, no candidate card matches")), r.neverFitAnywhere());
        assertTrue(r.conclusions().get(1).startsWith("12 pods need H100-80GB, no candidate card matches: no candidate "
                + "can run them."), r.conclusions().toString());
        CandidateResult a100 = r.candidates().get(0);
        assertEquals(12, a100.neverFitPods());
        assertEquals(12, a100.pendingByReason().get(Replay.NEVER_FITS), a100.pendingByReason().toString());
    }

    @Test
    void minimizeFindsTheSmallestCountThatPlacesEverythingThatFits() {
        CandidateResult a100 = run(PLAN, 2).candidates().get(0);
        Integer min = a100.minWorkers();
        assertNotNull(min);
        assertTrue(a100.replays() <= WorkerSearch.BUDGET, a100.replays() + " replays");
        assertTrue(a100.placesAllThatFit());
        // every smaller count leaves a pod that fits pending: the search did not skip the answer
        for (int n = 1; n < min; n++) {
            CandidateResult fixed = run(PLAN.replace("    minimize: workers\n", "    workers: " + n + "\n"), 1)
                    .candidates().get(0);
            assertFalse(fixed.placesAllThatFit(), n + " workers placed everything, but the search said " + min);
        }
    }

    @Test
    void theSearchAimsWhereTheFailingRunRanOutAndAlwaysShrinksTheInterval() {
        assertEquals(1087, WorkerSearch.next(1010, 0.93, 1140), "1010 / 0.93");
        assertEquals(1042, WorkerSearch.next(1010, 0.999, 1140), "at least a quarter of the way in");
        assertEquals(1108, WorkerSearch.next(1010, 0.5, 1140), "at most three quarters of the way in");
        assertEquals(11, WorkerSearch.next(10, 0.9, 12));
        assertEquals(75, WorkerSearch.next(50, 0, 100), "no fraction known: bisect");
    }

    @Test
    void aSearchCappedByMaxWorkersSaysSo() {
        CandidateResult a100 = run(PLAN.replace("    minimize: workers\n", "    minimize: workers\n    maxWorkers: 2\n"),
                2).candidates().get(0);
        assertNull(a100.minWorkers());
        assertTrue(a100.searchNote().contains("even 2 workers (maxWorkers) leave pods that could fit pending"),
                a100.searchNote());
        assertTrue(a100.pending() > a100.neverFitPods());
    }

    @Test
    void candidatesInParallelGiveTheSameAnswerAsOneByOne() {
        Map<String, Object> parallel = PlanJson.of(run(PLAN, 2), "x");
        Map<String, Object> serial = PlanJson.of(run(PLAN, 1), "x");
        parallel.remove("wallMs");
        serial.remove("wallMs");
        assertEquals(serial.toString().replaceAll("wallMs=\\d+", ""), parallel.toString()
                .replaceAll("wallMs=\\d+", ""));
    }

    @Test
    void theSearchedAndLargestCandidatesStartFirstAndResultsKeepPlanOrder() {
        String text = PLAN.replace("    minimize: workers\n", "    workers: 1\n") + """
                  - name: big
                    worker: {cpu: 64, memoryMiB: 262144, cards: [{model: L4-24GB, count: 8}]}
                    workers: 6
                  - name: searched
                    worker: {cpu: 64, memoryMiB: 262144, cards: [{model: A100-80GB, count: 4}]}
                    minimize: workers
                """;
        Plan plan = new PlanReader().read("t.yaml", text, null);
        // a searched candidate replays several times: started last on two cores it would finish alone
        assertEquals(List.of(3, 2, 1, 0), PlanRunner.longestFirst(plan.candidates()));
        assertEquals(List.of("a100", "l4", "big", "searched"),
                run(text, 2).candidates().stream().map(c -> c.candidate().name()).toList());
    }

    @Test
    void costIsWorkersTimesTheWorkersPriceAndPerPlacedPod() {
        CandidateResult l4 = run(PLAN, 2).candidates().get(1);
        assertEquals(2 * (50 + 8 * 200.0), l4.cost());
        assertEquals(l4.cost() / l4.placed(), l4.costPerPlacedPod(), 1e-9);
    }

    @Test
    void aCheaperCandidateThatCannotRunPodsAnotherRunsDoesNotPlaceEverything() {
        String plan = """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: n}
                workload:
                  pods:
                    - {name: notebook, count: 24, gpuMemMB: 8000, gpuCores: 15}
                    - {name: big, count: 2, gpuMemMB: 70000, gpuCores: 60}
                prices: {cards: {L40S-48GB: 700, A100-80GB: 1450, A10-24GB: 300}, worker: 500}
                candidates:
                  - {name: l40s, worker: {cards: [{model: L40S-48GB, count: 4}]}, workers: 2}
                  - {name: a100, worker: {cards: [{model: A100-80GB, count: 4}]}, workers: 2}
                """;
        PlanResult r = run(plan, 2);
        assertEquals(2, r.candidates().get(0).neverFitPods(), "70,000 MB fits no L40S");
        assertTrue(r.objectives().get(0).startsWith("Places everything at the lowest cost: a100, 2 workers"),
                r.objectives().toString());
        String without = plan.replace("  - {name: a100", "  - {name: a10, worker: {cards: [{model: A10-24GB}]}, "
                + "workers: 1}\n#");
        assertTrue(run(without, 2).objectives().get(0).startsWith("Places everything at the lowest cost: l40s"),
                "the big pods fit no candidate now: " + run(without, 2).objectives());
    }

    @Test
    void memoryLeftOnCardsWithNoComputeLeftIsStranded() {
        String computeBound = """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: s}
                workload:
                  pods:
                    - {name: hot, count: 4, gpuMemMB: 8000, gpuCores: 100}
                candidates:
                  - name: a
                    worker: {cards: [{model: A100-80GB, count: 4}]}
                    workers: 1
                  - name: b
                    worker: {cards: [{model: L4-24GB, count: 4}]}
                    workers: 1
                """;
        PlanResult r = run(computeBound, 2);
        CandidateResult a = r.candidates().get(0);
        assertEquals(4, a.placed());
        assertEquals(4 * (81920 - 8000), a.metrics().stranded().gpuMemoryMB());
        assertEquals(100.0, a.metrics().gpuCompute().pct());
        assertEquals(100.0, a.gpuAllocationPct());
        assertTrue(r.objectives().get(3).startsWith("Least stranded capacity: b,"), r.objectives().toString());
    }

    @Test
    void theCurveFollowsArrivedDemandWithoutDepartures() {
        CandidateResult l4 = run(PLAN, 2).candidates().get(1);
        List<AllocationCurve.Point> curve = l4.curve();
        assertTrue(curve.size() > 10, curve.size() + " points");
        for (int i = 1; i < curve.size(); i++) {
            assertEquals(curve.get(i - 1).arrivedPct() + 1, curve.get(i).arrivedPct());
            assertTrue(curve.get(i).allocatedPct() >= curve.get(i - 1).allocatedPct(), "no pod left, so no drop");
        }
        assertTrue(curve.get(curve.size() - 1).allocatedPct() <= l4.gpuAllocationPct());
    }

    @Test
    void aCandidatesCurveIsTheCurveRunDrawsForItsScenarioUpToTheRoundedLastPercent() throws Exception {
        // 38 pods of 100 GPU-milli and one of 90 on 3 cards: 3,890 of 3,000 arrive, 129.67 %, FGD's 130 % column
        String text = """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: r}
                workload:
                  pods:
                    - {name: s, count: 38, gpuMemMB: 1000, gpuCores: 10}
                    - {name: t, count: 1, gpuMemMB: 1000, gpuCores: 9}
                candidates:
                  - {name: a, worker: {cpu: 64, memoryMiB: 262144, cards: [{model: A100-80GB, count: 3}]}, workers: 1}
                  - {name: b, worker: {cpu: 64, memoryMiB: 262144, cards: [{model: A100-80GB, count: 3}]}, workers: 2}
                """;
        Plan plan = new PlanReader().read("r.yaml", text, null);
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(plan.workload());
        CandidateResult a = new PlanRunner(CardCatalog.builtIn(), 1).run(plan, w, PlanProgress.NONE,
                new AtomicBoolean()).candidates().get(0);
        assertEquals(130, a.curve().get(a.curve().size() - 1).arrivedPct(), "the last pod rounds up to 130 %");
        String json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(
                CandidateScenario.of(plan, a, w));
        io.gpulab.engine.scenario.Scenario s = new io.gpulab.engine.scenario.ScenarioReader()
                .read("a.json", new java.io.StringReader(json), true);
        try (var sim = io.gpulab.engine.sim.SimBackend.start(s.lab())) {
            var run = new io.gpulab.engine.scenario.ScenarioRunner(sim).run(s);
            assertEquals(run.summary().curve(), a.curve(), "`gpulab plan` and `gpulab run` draw the same curve");
        }
    }

    @Test
    void aCandidateOpensAsAScenarioLabThatEndsTheSame() throws Exception {
        Plan plan = new PlanReader().read("t.yaml", PLAN, null);
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(plan.workload());
        PlanResult r = new PlanRunner(CardCatalog.builtIn(), 2).run(plan, w, PlanProgress.NONE, new AtomicBoolean());
        CandidateResult l4 = r.candidates().get(1);
        String json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(
                CandidateScenario.of(plan, l4, w));
        io.gpulab.engine.scenario.Scenario s = new io.gpulab.engine.scenario.ScenarioReader()
                .read("l4.json", new java.io.StringReader(json), true);
        try (var sim = io.gpulab.engine.sim.SimBackend.start(s.lab())) {
            new io.gpulab.engine.scenario.ScenarioRunner(sim).run(s);
            io.gpulab.engine.metrics.LabMetrics m = io.gpulab.engine.metrics.LabMetrics.of(sim.snapshot());
            assertEquals(l4.placed(), m.pods().running());
            assertEquals(l4.gpuAllocationPct(), m.gpuAllocation().pct());
        }
    }

    @Test
    void withDeparturesTheFiguresAreThoseAtPeakAllocationNotTheEmptyEnd(@org.junit.jupiter.api.io.TempDir
                                                                         java.nio.file.Path dir) throws Exception {
        StringBuilder steps = new StringBuilder();
        for (int i = 1; i <= 4; i++) {
            steps.append("  - submit: {tenant: t, pod: {apiVersion: v1, kind: Pod, metadata: {name: p").append(i)
                    .append("}, spec: {containers: [{name: m, image: busybox, resources: {limits: "
                    + "{nvidia.com/gpu: 1, nvidia.com/gpucores: 50, nvidia.com/gpumem: 1000}}}]}}}\n");
        }
        steps.append("  - advance: 1m\n");
        for (int i = 1; i <= 4; i++) {
            steps.append("  - delete: {tenant: t, pod: p").append(i).append("}\n");
        }
        java.nio.file.Files.writeString(dir.resolve("s.yaml"), "apiVersion: gpulab.io/v1\nkind: Scenario\n"
                + "metadata: {name: s}\nlab:\n  tenants: [{name: t, workers: [{name: w, cards: [{model: L4}]}]}]\n"
                + "steps:\n" + steps);
        String plan = PLAN.substring(0, PLAN.indexOf("workload:")) + "workload: {scenario: s.yaml}\n"
                + PLAN.substring(PLAN.indexOf("prices:"));
        Plan p = new PlanReader().read("t.yaml", plan, dir);
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
        CandidateResult l4 = new PlanRunner(CardCatalog.builtIn(), 1).run(p, w, PlanProgress.NONE,
                new AtomicBoolean()).candidates().get(1);
        assertEquals(4, l4.placed());
        assertEquals(0, l4.pending());
        assertEquals(4 * 500 * 100.0 / (16 * 1000), l4.gpuAllocationPct(), 0.01, "the peak, not the empty end");
    }

    @Test
    void aScenariosSubmitsAreAWorkload() {
        String plan = PLAN.substring(0, PLAN.indexOf("workload:")) + "workload: {scenario: article}\n"
                + PLAN.substring(PLAN.indexOf("prices:"));
        PlanResult r = run(plan, 2);
        assertTrue(r.workload().pods().size() >= 4, r.workload().description());
        assertTrue(r.candidates().get(0).placesAllThatFit());
    }
}
