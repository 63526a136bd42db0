package io.gpulab.engine.sim;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.TenantView;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioRunner;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The parked queue ({@link PendingQueue}: a retry sweep skips the pods whose answer cannot have changed) must leave a
 * lab exactly as a sweep that attempts every pending pod: the same step results, events, snapshot and traces, written
 * as JSON byte for byte. Seeded saturated labs (pods asking for about twice the cards) with departures, clock
 * advances, a namespace under a ResourceQuota, node locks taken and released by hand, lock-patch conflicts, sick
 * cards, the article's mock plugin (binds wait for locks) and Kamaji's blockUpdate; a failing seed replays as it is.
 * Each lab is also run with the plain filter as the reference: no memo, no parking, and kube-scheduler's
 * NodeResourcesFit by a pass over every node per pod instead of the per-request masks kept from the {@link NodeJournal}
 * (with the count of nodes passing both, {@link FitCounts}).
 */
class SimPendingQueueEquivalenceTest {

    private static final ObjectMapper JSON = JsonMapper.builder().addModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    private static final int WORKERS = 40;
    private static final int CARDS = WORKERS * 4;

    @Test
    void saturatedLabsWithDeparturesQuotasLocksAndFaultsGiveTheSameLab() throws Exception {
        for (long seed = 301; seed <= 303; seed++) {
            Scenario s = SimFilterIndexEquivalenceTest.read(saturated(new Random(seed), 700, false));
            int[] counts = assertSameOutcome(s, "seed " + seed);
            assertTrue(counts[0] > 50, "seed " + seed + ": the lab should be saturated, " + counts[0] + " pending");
            assertTrue(counts[1] > 0, "seed " + seed + ": pods should be left parked, " + counts[1] + " are");
        }
    }

    @Test
    void theArticlesMockPluginAndBlockedUpdatesGiveTheSameLab() throws Exception {
        for (long seed = 401; seed <= 402; seed++) {
            Scenario s = SimFilterIndexEquivalenceTest.read(saturated(new Random(seed), 600, true));
            int[] counts = assertSameOutcome(s, "seed " + seed);
            assertTrue(counts[0] > 50, "seed " + seed + ": the lab should be saturated, " + counts[0] + " pending");
        }
    }

    /**
     * Small workers run out of CPU and memory before their cards fill, so kube-scheduler's NodeResourcesFit rejects
     * nodes all the time: the kept per-request verdicts (KubeScan) and fit counts must follow every change.
     */
    @Test
    void workersShortOfCpuAndMemoryGiveTheSameLab() throws Exception {
        for (long seed = 501; seed <= 502; seed++) {
            Scenario s = SimFilterIndexEquivalenceTest.read(saturated(new Random(seed), 600, false, 4, 12288));
            int[] counts = assertSameOutcome(s, "seed " + seed);
            assertTrue(counts[0] > 50, "seed " + seed + ": the lab should be saturated, " + counts[0] + " pending");
            try (SimBackend b = SimBackend.start(s.lab())) {
                new ScenarioRunner(b).run(s);
                String events = JSON.writeValueAsString(b.events());
                assertTrue(events.contains("Insufficient cpu") && events.contains("Insufficient memory"),
                        "seed " + seed + ": kube-scheduler should have refused nodes for CPU and for memory");
            }
        }
    }

    /**
     * Runs the lab with the parked queue, with plain retry sweeps and with the plain filter; returns how many pods
     * ended pending and how many the parked run left parked.
     */
    private static int[] assertSameOutcome(Scenario s, String what) throws Exception {
        try (SimBackend parked = SimBackend.start(s.lab());
             SimBackend plain = SimBackend.startPlainRetries(s.lab());
             SimBackend reference = SimBackend.startReference(s.lab())) {
            List<String> a = run(parked, s);
            List<String> b = run(plain, s);
            List<String> c = run(reference, s);
            assertEquals(b.size(), a.size(), what);
            for (int i = 0; i < a.size(); i++) {
                assertEquals(b.get(i), a.get(i), what + ": " + i);
                assertEquals(c.get(i), a.get(i), what + " (reference): " + i);
            }
            int pending = 0;
            for (TenantView t : parked.snapshot().tenants()) {
                pending += (int) t.pods().stream().filter(p -> "Pending".equals(p.phase())).count();
            }
            int skipped = parked.lab().tenant("t").pending.parked();
            return new int[] {pending, skipped};
        }
    }

    /** Every step's result (without its wall time), the event log, the snapshot's tenants and every trace, as JSON. */
    private static List<String> run(SimBackend b, Scenario s) throws Exception {
        RunResult r = new ScenarioRunner(b).run(s);
        List<String> out = new ArrayList<>();
        for (var step : r.steps()) {
            out.add(step.timed(null, 0).toString());
        }
        out.add(JSON.writeValueAsString(b.events()));
        LabSnapshot snap = b.snapshot();
        out.add(JSON.writeValueAsString(snap.tenants()));
        for (TenantView t : snap.tenants()) {
            for (PodView p : t.pods()) {
                out.add(JSON.writeValueAsString(b.trace(t.name(), p.key())));
            }
        }
        return out;
    }

    private static String saturated(Random r, int steps, boolean article) {
        return saturated(r, steps, article, 32, 131072);
    }

    private static String saturated(Random r, int steps, boolean article, int cpu, int memoryMiB) {
        StringBuilder y = SaturatedLabs.lab("saturated-retries", """
                      resourceQuotas:
                        - apiVersion: v1
                          kind: ResourceQuota
                          metadata: {name: gpu, namespace: team-q}
                          spec: {hard: {limits.nvidia.com/gpumem: "200000"}}
                """, WORKERS, cpu, memoryMiB);
        y.append("steps:\n");
        if (article) {
            y.append("  - set: {lifecycle: article}\n");
        }
        int pods = 0;
        List<Integer> live = new ArrayList<>();
        for (int i = 0; i < steps; i++) {
            int dice = r.nextInt(200);
            String node = "w-%02d".formatted(r.nextInt(WORKERS));
            if (dice < 8 && !live.isEmpty()) {
                y.append("  - delete: {tenant: t, pod: %s}\n".formatted(name(live.remove(r.nextInt(live.size())))));
            } else if (dice < 10) {
                y.append("  - advance: %ds\n".formatted(30 + r.nextInt(400)));
            } else if (dice < 12) {
                y.append("  - fault: {tenant: t, card: GPU-%d, health: %s}\n".formatted(r.nextInt(CARDS),
                        r.nextBoolean()));
            } else if (dice < 13) {
                y.append("  - lock: {tenant: t, node: %s, holder: other/holder}\n".formatted(node));
            } else if (dice < 14) {
                y.append("  - release: {tenant: t, node: %s, holder: other/holder}\n".formatted(node));
            } else if (dice < 15) {
                y.append("  - fault: {tenant: t, node: %s, lockPatch: conflict, times: %d}\n".formatted(node,
                        1 + r.nextInt(6)));
            } else if (dice < 16 && article) {
                y.append("  - unlock: {tenant: t, node: %s}\n".formatted(node));
            } else if (dice < 17 && article) {
                y.append("  - set: {tenant: t, writePermissions: {blockUpdate: %s}}\n".formatted(r.nextBoolean()));
            } else {
                live.add(pods);
                y.append(pod(r, pods++));
            }
        }
        return y.toString();
    }

    private static String name(int n) {
        return (n % 12 == 0 ? "team-q/" : "default/") + "p" + n;
    }

    private static String pod(Random r, int n) {
        StringBuilder ann = new StringBuilder();
        if (r.nextInt(40) == 0) {
            ann.append("nvidia.com/use-gpuuuid: GPU-").append(r.nextInt(CARDS)).append(", ");
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
            // few distinct shapes, as a real workload has: parked groups hold many pods each
            limits = "{nvidia.com/gpu: 1, nvidia.com/gpumem: %d, nvidia.com/gpucores: %d}".formatted(
                    8000 * (1 + r.nextInt(4)), 25 * r.nextInt(4));
        }
        return SaturatedLabs.submit(n, n % 12 == 0 ? "team-q" : "default", ann,
                "{limits: %s, requests: {cpu: %dm, memory: %dMi}}".formatted(limits, 250 * r.nextInt(8),
                        1024 * r.nextInt(8)));
    }
}
