package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.PodTrace;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.PodWhy;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.scheduler.filter.FilterWhy;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Explaining HAMi's decisions changes none of them, and each explanation says what the lab then shows: the chosen
 * node and cards of a running pod, the per-node reasons of a pending one.
 */
class SimExplainedDecisionsTest {

    @Test
    void explainedRunsDecideAsPlainOnesAndTheirExplanationsMatchTheLab() {
        int running = 0;
        int pending = 0;
        for (long seed = 21; seed <= 23; seed++) {
            Scenario s = SimFilterIndexEquivalenceTest.read(SimFilterIndexEquivalenceTest.randomScenario(
                    new Random(seed), seed == 23));
            try (SimBackend explained = SimBackend.start(s.lab()); SimBackend plain = SimBackend.start(s.lab())) {
                explained.explainDecisions(Set.of());
                RunResult a = new ScenarioRunner(explained).run(s);
                RunResult b = new ScenarioRunner(plain).run(s);
                for (int i = 0; i < a.steps().size(); i++) {
                    assertEquals(b.steps().get(i).timed(null, 0), a.steps().get(i).timed(null, 0), "step " + (i + 1));
                }
                List<LabEvent> events = plain.events();
                assertEquals(events, explained.events());
                assertEquals(plain.snapshot().tenants(), explained.snapshot().tenants());
                for (TenantView t : explained.snapshot().tenants()) {
                    for (PodView p : t.pods()) {
                        PodTrace withWhy = explained.trace(t.name(), p.key());
                        assertEquals(plain.trace(t.name(), p.key()).steps(), withWhy.steps(), p.key());
                        assertNull(plain.trace(t.name(), p.key()).why(), "no explanation unless asked");
                        PodWhy why = withWhy.why();
                        assertNotNull(why, p.key());
                        if (why.filter() == null || !p.schedulerName().equals("hami-scheduler")) {
                            continue;
                        }
                        if ("Running".equals(p.phase()) && p.hamiAllocated()) {
                            running++;
                            assertEquals(p.node(), why.filter().chosen(), p.key());
                            List<String> cards = why.allocated().containers().stream()
                                    .flatMap(c -> c.devices().stream()).map(d -> d.uuid()).toList();
                            assertEquals(p.devices().stream().map(PodView.DeviceAllocation::id).toList(), cards);
                        } else if ("Pending".equals(p.phase()) && !p.failedNodes().isEmpty()
                                && !"BindingFailed".equals(p.reason())) {
                            pending++;
                            assertNull(why.filter().chosen(), p.key());
                            Map<String, String> said = new TreeMap<>();
                            why.filter().nodes().forEach(n -> said.put(n.node(), n.reason()));
                            assertEquals(new TreeMap<>(p.failedNodes()), said, p.key());
                        }
                    }
                }
            }
        }
        assertTrue(running > 50 && pending > 5, running + " running, " + pending + " pending checked");
    }

    @Test
    void onlyThePodsAskedForAreExplained() {
        Scenario s = SimFilterIndexEquivalenceTest.read(SimFilterIndexEquivalenceTest.randomScenario(new Random(5),
                false));
        try (SimBackend b = SimBackend.start(s.lab())) {
            b.explainDecisions(Set.of("default/p3"));
            new ScenarioRunner(b).run(s);
            assertNotNull(b.trace("t", "default/p3").why());
            assertNull(b.trace("t", "default/p4").why());
            FilterWhy f = b.trace("t", "default/p3").why().filter();
            assertNotNull(f);
            assertEquals(15, f.nodes().size(), "every node of the tenant is a candidate");
        }
    }
}
