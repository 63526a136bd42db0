package io.gpulab.engine.plan;

import io.gpulab.engine.scenario.ScenarioException;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;

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
                2, 1L << 30, c -> c.workers()));
        assertTrue(e.getMessage().startsWith("this plan needs about 2,862 MB (100,000 pods at 6 KB and the largest "
                + "candidates' cards at 4 KB each, 2 replays at once), more than the 1,024 MB this JVM may use"),
                e.getMessage());
        PlanLimits.checkMemory(p, w, 2, 4L << 30, c -> c.workers()); // fits in 4 GB
    }
}
