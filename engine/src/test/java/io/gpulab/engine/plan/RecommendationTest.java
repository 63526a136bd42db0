package io.gpulab.engine.plan;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sentence a buyer signs, and how it holds under other arrival orders and growth. */
class RecommendationTest {

    private static final String HEAD = """
            apiVersion: gpulab.io/v1
            kind: Plan
            metadata: {name: t}
            """;

    private static PlanResult run(String text) {
        return PlanRunnerTest.run(HEAD + text, 2);
    }

    @Test
    void aTieOnTheFirstObjectiveIsStatedWithTheObjectiveThatBrokeIt() {
        // 8 whole-card pods: 1 worker of 8 cards or 2 workers of 4, 8 cards each way; the next objective (workers)
        // decides, and the sentence says so instead of naming one silently
        PlanResult r = run("""
                objectives: [placeAll, workers]
                workload: {pods: [{name: train, count: 8, gpus: 1}]}
                candidates:
                  - {name: four, worker: {cards: [{model: A100-80GB, count: 4}]}, workers: 2}
                  - {name: eight, worker: {cards: [{model: A100-80GB, count: 8}]}, workers: 1}
                """);
        Recommendation rec = r.recommendation();
        assertEquals("eight", rec.candidate());
        assertEquals(List.of("four"), rec.tiedWith());
        assertEquals(Plan.Objective.WORKERS, rec.tieBrokenBy());
        assertTrue(rec.sentence().contains("It ties with four on placing everything (placeAll), with 8 cards each; the "
                + "plan's next objective, fewest workers (workers), breaks the tie: the fewest workers, 1 worker against "
                + "four's 2 workers"),
                rec.sentence());
        assertTrue(r.objectives().get(0).contains("a tie between four and eight, 8 cards each"), r.objectives().get(0));
    }

    @Test
    void aPodNoWorkerShapeHoldsNamesWhoseWorkerFallsShortAndEveryNumberReadsAsInTheRecommendation() {
        // openb-8 read "need 120 CPU; a worker has 68; need 737280 MiB of memory; a worker has 655360": the 68 CPU
        // and the 655360 MiB were two different candidates' workers, and neither was named; "1080 workers" stood
        // beside the recommendation's "1,080"
        PlanResult r = run("""
                objectives: [placeAll, workers]
                workload: {pods: [{name: small, count: 1001, gpus: 1, gpuMemMB: 1000, gpuCores: 1},
                                  {name: huge, count: 2, gpus: 1, cpu: "120", memory: 720Gi}]}
                candidates:
                  - {name: narrow, worker: {cpu: 68, memoryMiB: 1048576, cards: [{model: A100-80GB, count: 1}]},
                     workers: 1001}
                  - {name: wide, worker: {cpu: 136, memoryMiB: 655360, cards: [{model: A100-80GB, count: 1}]},
                     workers: 1001}
                """);
        assertEquals("1 × A100-80GB, 68 CPU, 1,024 GiB", r.candidates().get(0).candidate().shape());
        assertEquals(List.of(new Fit.NeverFit(2, "fit on no candidate (need 120 CPU, but a worker of narrow has 68 "
                + "CPU; need 737,280 MiB of memory, but a worker of wide has 655,360 MiB)")), r.neverFitAnywhere());
        assertTrue(r.recommendation().sentence().startsWith("Recommendation: narrow, 1,001 workers with 1,001 cards"),
                r.recommendation().sentence());
        assertEquals("Places everything with the fewest cards: a tie between narrow and wide, 1,001 cards each "
                + "(no prices given).", r.objectives().get(0));
        assertEquals("Fewest workers that place everything: a tie between narrow and wide, 1,001 workers each.",
                r.objectives().get(1));
        assertTrue(r.candidates().get(0).neverFit().contains(new Fit.NeverFit(2, "need 120 CPU, but a worker has "
                + "68 CPU")), r.candidates().get(0).neverFit().toString());
    }

    @Test
    void aCountOfOneReadsInTheSingular() {
        // "1 worker with 1 cards", "1 of 1 orders": every count and its noun agree, from one helper (Counts)
        PlanResult r = run("""
                workload: {pods: [{name: solo, count: 1, gpuMemMB: 8000, gpuCores: 30, cpu: "2", memory: 8Gi}]}
                prices: {currency: EUR, period: month, worker: 100, cards: {L4-24GB: 240}, term: 1}
                sensitivity: {orders: 1, growth: [0, 100]}
                objectives: [placeAll, workers]
                candidates:
                  - {name: tiny, worker: {cpu: 8, memoryMiB: 32768, cards: [{model: L4-24GB, count: 1}]}, minimize: workers}
                  - {name: big, worker: {cpu: 8, memoryMiB: 32768, cards: [{model: L4-24GB, count: 2}]}, workers: 1}
                """);
        String all = String.join(" ", r.conclusions()) + " " + String.join(" ", SensitivityText.summary(r));
        assertTrue(all.contains("Recommendation: tiny, 1 worker with 1 card (1 × L4-24GB"), all);
        assertTrue(all.contains("places 1 of 1 pod and leaves none unplaced"), all);
        assertTrue(all.contains("tiny wins in 1 of 1 order."), all);
        assertFalse(all.matches("(?s).*\\b1 (worker|card|pod|replay|order|tenant|candidate|machine)s\\b.*"), all);
        assertEquals("1 worker", Counts.of(1, "worker"));
        assertEquals("0 workers", Counts.of(0, "worker"));
        assertEquals("1,080 workers", Counts.of(1080, "worker"));
    }

    @Test
    void aTieNoObjectiveBreaksNamesThePlansFirstCandidateAndSaysSo() {
        PlanResult r = run("""
                objectives: [placeAll, workers]
                workload: {pods: [{name: train, count: 4, gpus: 1}]}
                candidates:
                  - {name: one, worker: {cards: [{model: A100-80GB, count: 4}]}, workers: 1}
                  - {name: two, worker: {cards: [{model: A100-80GB, count: 4}]}, workers: 1}
                """);
        assertEquals("one", r.recommendation().candidate());
        assertNull(r.recommendation().tieBrokenBy());
        assertTrue(r.recommendation().sentence().contains("none of the plan's objectives breaks the tie "
                + "(placing everything, then fewest workers), so the candidate listed first in the plan is named"), r.recommendation().sentence());
    }

    @Test
    void withoutPricesTheAnswerSaysNoCostConclusionIsPossibleAndWhy() {
        PlanResult r = run("""
                workload: {pods: [{name: a, count: 6, gpuMemMB: 10000, gpuCores: 20}]}
                candidates:
                  - {name: x, worker: {cards: [{model: L4-24GB, count: 4}]}, minimize: workers}
                  - {name: y, worker: {cards: [{model: A100-80GB, count: 4}]}, workers: 1}
                """);
        String s = r.recommendation().sentence();
        assertTrue(s.contains("No cost conclusion is possible: the plan states no prices"), s);
        assertFalse(s.contains("EUR") || s.contains("over "), s);
        assertTrue(r.objectives().get(1).startsWith("No prices given, so cost per placed pod is not compared"),
                r.objectives().toString());
    }

    @Test
    void theTotalCostCoversTheTermAndTheMonthlyCostIsStillShown() {
        PlanResult r = run("""
                workload: {pods: [{name: a, count: 4, gpus: 1}]}
                prices: {currency: EUR, period: month, cards: {A100-80GB: 1000, L4-24GB: 200}, worker: 100, term: 36}
                candidates:
                  - {name: big, worker: {cards: [{model: A100-80GB, count: 4}]}, workers: 1}
                  - {name: small, worker: {cards: [{model: L4-24GB, count: 4}]}, workers: 1}
                """);
        // small: 1 × (100 + 4 × 200) = 900 a month, 32,400 over 36 months
        assertEquals("small", r.recommendation().candidate());
        assertTrue(r.recommendation().sentence().contains("EUR 32,400.00 over 36 months (EUR 900.00 per month)"),
                r.recommendation().sentence());
    }

    @Test
    void podsNoCandidateRunsComeFirstWithTheCheapestCatalogCardThatWould() {
        PlanResult r = run("""
                workload:
                  pods:
                    - {name: small, count: 4, gpuMemMB: 8000, gpuCores: 20}
                    - {name: big, count: 3, gpuMemMB: 70000, gpuCores: 50}
                prices: {currency: EUR, period: month, worker: 100,
                         cards: {L4-24GB: 200, A10-24GB: 150, A100-80GB: 1400, H100-80GB: 2600, H200-141GB: 4000}}
                candidates:
                  - {name: l4, worker: {cards: [{model: L4-24GB, count: 4}]}, workers: 1}
                  - {name: a10, worker: {cards: [{model: A10-24GB, count: 4}]}, workers: 1}
                """);
        List<String> answer = r.conclusions();
        assertTrue(answer.get(0).startsWith("Recommendation: a10"), answer.get(0));
        assertTrue(answer.get(0).contains("leaves 3 unplaced (3 that no candidate can run)"), answer.get(0));
        // the A100-80GB is the cheapest priced card with 70,000 MB; the H100 and H200 cost more
        assertTrue(answer.get(1).startsWith("3 pods need 70,000 MB per card, but the largest card has 24,576 MB: no "
                + "candidate can run them. The cheapest priced catalog card that runs them: A100-80GB at EUR 1,400.00 "
                + "per month a card (EUR 5,700.00 per month a worker)"), answer.get(1));
        NeverFitSuggestion s = r.suggestions().get(0);
        assertEquals("A100-80GB", s.model());
        assertEquals(5700.0, s.workerPrice());
    }

    @Test
    void everyFigureNamesItsQuantity() {
        PlanResult r = run("""
                objectives: [allocation]
                workload: {pods: [{name: mem, count: 4, gpuMemMB: 20000, gpuCores: 10}]}
                candidates:
                  - {name: l4, worker: {cards: [{model: L4-24GB, count: 4}]}, workers: 1}
                  - {name: a100, worker: {cards: [{model: A100-80GB, count: 4}]}, workers: 1}
                """);
        // compute is 10 % on both; memory tells them apart, and the line says both
        String line = r.objectives().get(0);
        assertTrue(line.startsWith("Highest GPU compute allocation: a tie between l4 and a100, 10.0 % of their GPU "
                + "compute booked each (l4 GPU memory 81.4 %, slots 10.0 %; a100 GPU memory 24.4 %, slots 10.0 %)"),
                line);
    }

    private static final String FLIP = """
            objectives: [placeAll]
            prices: {currency: EUR, period: month, cards: {A100-80GB: 1000, L4-24GB: 200}}
            sensitivity: {orders: 3, growth: [0, 100]}
            workload: {pods: [{name: train, count: 4, gpus: 1}]}
            candidates:
              - {name: big, worker: {cards: [{model: A100-80GB, count: 4}]}, workers: 2}
              - {name: small, worker: {cards: [{model: L4-24GB, count: 4}]}, workers: 1}
            """;

    @Test
    void aGrowthStepThatOutgrowsTheCheapCandidateFlipsTheWinner() {
        PlanResult r = run(FLIP);
        assertEquals("small", r.recommendation().candidate());
        SensitivityResult s = r.sensitivity();
        assertNotNull(s);
        assertEquals(List.of("small", "small", "small"), s.steps().get(0).winners());
        // +100 %: 8 whole cards; small has 4, big 8
        assertEquals(8, s.steps().get(1).pods());
        assertEquals(List.of("big", "big", "big"), s.steps().get(1).winners());
        assertEquals(List.of("At today's demand, small wins in 3 of 3 orders.",
                "At +100 % demand (8 pods), small wins in 0 of 3 orders, big in 3."), SensitivityText.summary(r));
        SensitivityResult.Spread small = s.steps().get(1).candidates().get(1);
        assertEquals(4.0, small.pending().min());
    }

    @Test
    void theOrdersSeedsGiveTheSameFiguresOnEveryRunAndThreadCount() {
        String text = HEAD + """
                prices: {currency: EUR, period: month, cards: {A100-80GB: 1000, L4-24GB: 200}}
                sensitivity: {orders: 6, growth: [0, 20], seed: 7}
                workload:
                  pods:
                    - {name: chat, count: 30, gpuMemMB: 20000, gpuCores: 30}
                    - {name: embed, count: 40, gpuMemMB: 6000, gpuCores: 10}
                    - {name: train, count: 5, gpus: 2}
                candidates:
                  - {name: a100, worker: {cards: [{model: A100-80GB, count: 4}]}, minimize: workers}
                  - {name: l4, worker: {cards: [{model: L4-24GB, count: 8}]}, minimize: workers}
                """;
        PlanResult one = PlanRunnerTest.run(text, 1);
        PlanResult two = PlanRunnerTest.run(text, 2);
        PlanResult again = PlanRunnerTest.run(text, 2);
        assertEquals(figures(one), figures(two));
        assertEquals(figures(two), figures(again));
        assertEquals("7, 8, 9, 10, 11, 12", SensitivityText.seeds(one.sensitivity().spec()));
        // the orders differ from each other: a shuffle that did nothing would give six identical workloads
        Workload w = new WorkloadResolver(io.gpulab.mockgpu.catalog.CardCatalog.builtIn(), null)
                .resolve(one.plan().workload());
        assertFalse(WorkloadVariants.reordered(w, 7).events().equals(WorkloadVariants.reordered(w, 8).events()));
        assertEquals(w.pods().size(), WorkloadVariants.reordered(w, 7).events().stream()
                .filter(e -> e instanceof Arrival.Submit).map(e -> ((Arrival.Submit) e).pod()).distinct().count());
    }

    private static String figures(PlanResult r) {
        var m = new java.util.LinkedHashMap<>(PlanJson.of(r, "t"));
        @SuppressWarnings("unchecked")
        var s = new java.util.LinkedHashMap<>((java.util.Map<String, Object>) m.get("sensitivity"));
        s.remove("wallMs");
        s.remove("threads");
        return s.toString();
    }

    @Test
    void theSearchSaysWhichCountsItSawFailAndWhichTheBoundRulesOut() {
        PlanResult r = run("""
                workload: {pods: [{name: a, count: 16, gpus: 1}]}
                candidates:
                  - {name: x, worker: {cards: [{model: L4-24GB, count: 4}]}, minimize: workers}
                  - {name: y, worker: {cards: [{model: L4-24GB, count: 4}]}, workers: 4}
                """);
        CandidateResult x = r.candidates().get(0);
        // 16 whole cards on 4-card workers: the lower bound is 4 and 4 places everything, so 3 was never replayed
        assertEquals(4, x.minWorkers());
        assertEquals(4, x.lowerBound());
        assertEquals(List.of(new SearchStep(4, true, false)), x.steps());
        assertEquals("bound", x.belowMinimumShown());
    }
}
