package io.gpulab.engine.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.openb.OpenbCsv;
import io.gpulab.engine.openb.OpenbImporter;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The incremental {@link FitIndex} must leave a lab exactly as the plain {@code HamiFilter.filter} does: same
 * node, cards, failed-node reasons, events and traces for every pod, on a seeded random workload (full nodes,
 * pending pods, deletes, sick cards, policies, type selectors) and on a slice of the openb trace.
 */
class SimFilterIndexEquivalenceTest {

    private static final String[] MODELS = {"A100-40GB", "L4-24GB", "T4-16GB", "V100-32GB"};

    @Test
    void aSeededRandomWorkloadGivesTheSameLab() {
        for (long seed = 1; seed <= 3; seed++) {
            Scenario s = read(randomScenario(new Random(seed), false));
            int pending = assertSameOutcome(s);
            assertTrue(pending > 0, "seed " + seed + " should leave some pods pending (exercise failed nodes)");
        }
    }

    @Test
    void aSeededWorkloadUnderCpuAndMemoryPressureGivesTheSameLab() {
        for (long seed = 11; seed <= 13; seed++) {
            Scenario s = read(randomScenario(new Random(seed), true));
            int pending = assertSameOutcome(s);
            assertTrue(pending > 0, "seed " + seed + " should leave some pods pending");
            try (SimBackend b = SimBackend.start(s.lab())) {
                new ScenarioRunner(b).run(s);
                assertTrue(b.events().stream().anyMatch(e -> e.message().contains("Insufficient cpu")
                        && e.message().contains("CardInsufficient")), "seed " + seed + ": kube and HAMi reasons mix");
            }
        }
    }

    @Test
    void anOpenbSliceGivesTheSameLab() throws Exception {
        Path dir = Path.of(getClass().getResource("/openb/nodes-slice.csv").toURI()).getParent();
        var doc = new OpenbImporter(CardCatalog.builtIn()).toScenario("slice",
                OpenbCsv.nodes(dir.resolve("nodes-slice.csv")), OpenbCsv.pods(dir.resolve("pods-slice.csv")), 1);
        assertSameOutcome(read(new ObjectMapper(new YAMLFactory()).writeValueAsString(doc)));
    }

    /** Runs both ways, asserts equality, returns how many pods ended pending. */
    static int assertSameOutcome(Scenario s) {
        try (SimBackend fast = SimBackend.start(s.lab()); SimBackend plain = SimBackend.startReference(s.lab())) {
            RunResult a = new ScenarioRunner(fast).run(s);
            RunResult b = new ScenarioRunner(plain).run(s);
            assertEquals(b.steps().size(), a.steps().size());
            for (int i = 0; i < a.steps().size(); i++) {
                // the same decisions; only the real time each step took may differ
                assertEquals(b.steps().get(i).timed(null, 0), a.steps().get(i).timed(null, 0), "step " + (i + 1));
            }
            List<LabEvent> events = plain.events();
            for (int i = 0; i < events.size(); i++) {
                assertEquals(events.get(i), fast.events().get(i), "event " + i);
            }
            assertEquals(events.size(), fast.events().size());
            LabSnapshot snap = plain.snapshot();
            assertEquals(snap.tenants(), fast.snapshot().tenants());
            int pending = 0;
            for (TenantView t : snap.tenants()) {
                for (PodView p : t.pods()) {
                    assertEquals(plain.trace(t.name(), p.key()), fast.trace(t.name(), p.key()), p.key());
                    pending += "Pending".equals(p.phase()) ? 1 : 0;
                }
            }
            assertTrue(events.size() > 20, "the workload should produce events");
            return pending;
        }
    }

    static Scenario read(String yaml) {
        return new ScenarioReader().read("equivalence.yaml", new StringReader(yaml), false);
    }

    /** {@code host}: workers with little CPU and memory, pods that request some, CPU-only pods among them. */
    static String randomScenario(Random r, boolean host) {
        StringBuilder y = new StringBuilder("""
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: equivalence}
                lab:
                  tenants:
                    - name: t
                      workers:
                        - {name: w-empty, cards: []}
                """);
        for (int w = 0; w < 14; w++) {
            String size = host ? ", cpu: %d, memoryMiB: %d".formatted(4 + r.nextInt(12), 8192 * (1 + r.nextInt(4))) : "";
            y.append("        - {name: w-%02d%s, cards: [{model: %s, count: %d}]}\n"
                    .formatted(w, size, MODELS[r.nextInt(MODELS.length)], 1 + r.nextInt(4)));
        }
        y.append("steps:\n");
        int pods = 0;
        for (int i = 0; i < 160; i++) {
            int dice = r.nextInt(20);
            if (dice == 0 && pods > 0) {
                y.append("  - delete: {tenant: t, pod: p%d}\n".formatted(r.nextInt(pods)));
            } else if (dice == 1) {
                y.append("  - advance: 1m\n");
            } else if (dice == 2) {
                y.append("  - fault: {tenant: t, card: GPU-%d, health: %s}\n"
                        .formatted(r.nextInt(20), r.nextBoolean()));
            } else {
                y.append(pod(r, pods++, host));
            }
        }
        return y.toString();
    }

    private static String pod(Random r, int n, boolean host) {
        StringBuilder ann = new StringBuilder();
        if (r.nextInt(4) == 0) {
            ann.append("hami.io/node-scheduler-policy: spread, ");
        }
        if (r.nextInt(5) == 0) {
            ann.append("hami.io/gpu-scheduler-policy: spread, ");
        }
        if (r.nextInt(6) == 0) {
            ann.append("nvidia.com/use-gputype: ").append(r.nextBoolean() ? "A100" : "L4").append(", ");
        }
        String mem = r.nextBoolean() ? "nvidia.com/gpumem: " + (1000 + 1000 * r.nextInt(20))
                : "nvidia.com/gpumem-percentage: " + (10 + 10 * r.nextInt(10));
        String requests = host ? ", requests: {cpu: %dm, memory: %dMi}".formatted(500 * r.nextInt(12),
                1024 * r.nextInt(12)) : "";
        String limits = host && r.nextInt(5) == 0 ? "{}" : "{nvidia.com/gpu: %d, %s, nvidia.com/gpucores: %d}"
                .formatted(1 + r.nextInt(r.nextInt(8) == 0 ? 4 : 2), mem, 10 * r.nextInt(11));
        return SaturatedLabs.submit(n, null, ann, "{limits: " + limits + requests + "}");
    }
}
