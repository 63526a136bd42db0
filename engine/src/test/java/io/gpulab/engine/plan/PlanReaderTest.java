package io.gpulab.engine.plan;

import io.gpulab.engine.scenario.ScenarioException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plan files are read with the scenario reader's quality: every error names file, line and field. */
class PlanReaderTest {

    static final String TWO = """
            apiVersion: gpulab.io/v1
            kind: Plan
            metadata: {name: two}
            workload:
              pods:
                - {name: chat, count: 8, gpuMemMB: 20000, gpuCores: 30, cpu: 500m, memory: 2Gi}
                - {name: train, count: 2, gpus: 2}
            prices:
              currency: EUR
              period: month
              cards: {A100-80GB: 1000, L4: 200}
              worker: 100
            candidates:
              - name: a100
                worker: {cpu: 64, memoryMiB: 262144, cards: [{model: A100-SXM4-80GB, count: 4}]}
                workers: 2
              - name: l4
                worker: {cpu: 64, memoryMiB: 262144, cards: [{model: L4-24GB, count: 8}]}
                minimize: workers
                tenants: [team-a, team-b]
                split: {team-a: 3, team-b: 1}
                hami: {deviceSplitCount: 4, nodeSchedulerPolicy: spread}
            """;

    private static Plan read(String text) {
        return new PlanReader().read("p.yaml", text, null);
    }

    private static String error(String text) {
        return assertThrows(ScenarioException.class, () -> read(text)).getMessage();
    }

    @Test
    void readsTemplatesCandidatesPricesAndSettings() {
        Plan p = read(TWO);
        assertEquals("two", p.name());
        WorkloadSpec.Templates t = (WorkloadSpec.Templates) p.workload();
        PodTemplate chat = t.templates().get(0);
        assertEquals(500, chat.cpuMilli());
        assertEquals(2048, chat.memoryMiB());
        assertTrue(t.templates().get(1).whole(), "gpus alone means whole cards");
        Candidate a100 = p.candidates().get(0);
        assertEquals("A100-80GB", a100.cards().get(0).model(), "aliases become catalog names");
        assertEquals(100 + 4 * 1000.0, a100.workerPrice());
        Candidate l4 = p.candidates().get(1);
        assertTrue(l4.minimize());
        assertEquals(List.of(3, 1), l4.weights());
        assertEquals(4, l4.hami().deviceSplitCount());
        assertEquals("spread", l4.hami().nodeSchedulerPolicy());
        assertEquals(64, p.sha256().length());
    }

    @Test
    void everyBuiltInPlanLoads() {
        for (String name : BuiltinPlans.names()) {
            Plan p = new PlanReader().load(name);
            assertTrue(p.candidates().size() >= 2, name);
        }
    }

    @Test
    void unknownCardModelOfACandidateListsTheCatalog() {
        String msg = error(TWO.replace("{model: L4-24GB, count: 8}", "{model: A200, count: 8}"));
        assertTrue(msg.startsWith("p.yaml:18: candidates[1].worker.cards[0].model: unknown card model 'A200' (catalog: "),
                msg);
        assertTrue(msg.contains("H100-80GB") && msg.contains("L4-24GB"), msg);
    }

    @Test
    void unknownCardModelOfATemplateListsTheCatalog() {
        String msg = error(TWO.replace("{name: train, count: 2, gpus: 2}", "{name: train, count: 2, model: B300}"));
        assertTrue(msg.startsWith("p.yaml:7: workload.pods[1].model: unknown card model 'B300' (catalog: A100-40GB"),
                msg);
    }

    @Test
    void oneCandidateIsNotAComparison() {
        String one = TWO.substring(0, TWO.indexOf("  - name: l4"));
        assertEquals("p.yaml:13: candidates: a plan compares two or more candidates, got 1", error(one));
    }

    @Test
    void workersAndMinimizeTogetherAreRefused() {
        String msg = error(TWO.replace("    workers: 2\n", "    workers: 2\n    minimize: workers\n"));
        assertEquals("p.yaml:14: candidates[0]: a candidate needs exactly one of workers (a count) and minimize: workers",
                msg);
    }

    @Test
    void aModelWithoutPriceIsNamed() {
        String msg = error(TWO.replace("cards: {A100-80GB: 1000, L4: 200}", "cards: {A100-80GB: 1000}"));
        assertTrue(msg.startsWith("p.yaml:18: candidates[1].worker: no price for card model L4-24GB"), msg);
    }

    @Test
    void aPriceNearTheDoubleLimitIsRefusedAtItsLineNotPrintedAsInfinity() {
        // 1e308 a card made the cost "EUR Infinity" in the text and a saturated 9.22E16 in JSON
        assertEquals("p.yaml:11: prices.cards.A100-80GB: at most 10,000,000 per card, worker, management node or "
                + "machine and period, got 1.0E308", error(TWO.replace("A100-80GB: 1000,", "A100-80GB: 1e308,")));
        assertTrue(error(TWO.replace("worker: 100\n", "worker: 10000001\n")).startsWith("p.yaml:12: prices.worker: "
                + "at most 10,000,000"));
        assertEquals(10_000_000.0, read(TWO.replace("A100-80GB: 1000,", "A100-80GB: 10000000,")).candidates().get(0)
                .prices().cards()
                .get("A100-80GB"));
    }

    @Test
    void badQuantityAndUnknownKeyAreLocated() {
        assertEquals("p.yaml:6: workload.pods[0].cpu: \"lots\" is not a Kubernetes quantity",
                error(TWO.replace("cpu: 500m", "cpu: lots")));
        assertTrue(error(TWO.replace("    workers: 2\n", "    workers: 2\n    gpus: 3\n"))
                .startsWith("p.yaml:17: candidates[0].gpus: unknown key (expected one of: "));
    }

    @Test
    void hamiSettingsUseTheScenarioRules() {
        assertEquals("p.yaml:22: candidates[1].hami.deviceSplitCount: must be >= 1, got 0",
                error(TWO.replace("deviceSplitCount: 4", "deviceSplitCount: 0")));
    }

    @Test
    void splitNamesOnlyKnownTenants() {
        assertEquals("p.yaml:21: candidates[1].split.team-c: unknown tenant 'team-c' (tenants: team-a, team-b)",
                error(TWO.replace("team-b: 1}", "team-b: 1, team-c: 2}")));
    }
}
