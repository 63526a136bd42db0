package io.gpulab.engine.plan;

import io.gpulab.mockgpu.catalog.CardCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An openb trace as a plan's workload, through the importer's arrival models. */
class OpenbWorkloadTest {

    private static Workload resolve(Path dir, String openb) throws Exception {
        String plan = """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: o}
                workload:
                  openb: %s
                candidates:
                  - {name: a, worker: {cards: [{model: T4, count: 4}]}, workers: 2}
                  - {name: b, worker: {cards: [{model: V100M32, count: 8}]}, workers: 1}
                """.formatted(openb);
        Plan p = new PlanReader().read("o.yaml", plan, dir);
        return new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
    }

    private static void trace(Path dir) throws Exception {
        OpenbTraceFixture.write(dir);
    }

    @Test
    void fgdArrivalsResampleToTheInflatedCapacityWithoutDepartures(@TempDir Path dir) throws Exception {
        trace(dir);
        Workload w = resolve(dir, "{pods: pods.csv, nodes: nodes.csv, arrivals: fgd, inflate: 1.3, seed: 7}");
        assertTrue(w.events().stream().noneMatch(e -> e instanceof Arrival.Delete), "FGD pods never leave");
        assertTrue(w.demandMilli() <= 1.3 * 8 * 1000 && w.demandMilli() > 1.3 * 8 * 1000 - 1000,
                w.demandMilli() + " GPU-milli for 1.3 × 8 cards");
        Workload again = resolve(dir, "{pods: pods.csv, nodes: nodes.csv, arrivals: fgd, inflate: 1.3, seed: 7}");
        assertEquals(w.pods().stream().map(PlanPod::key).toList(), again.pods().stream().map(PlanPod::key).toList(),
                "same seed, same workload");
        Workload other = resolve(dir, "{pods: pods.csv, nodes: nodes.csv, arrivals: fgd, inflate: 1.3, seed: 8}");
        assertNotEquals(w.pods().stream().map(PlanPod::key).toList(), other.pods().stream().map(PlanPod::key)
                .toList());
    }

    /**
     * With departures a replay's figures are the lab at the curve's highest sample. The last pod adds half a percent
     * (25 % then 25.5 %): it crosses no whole percent, but rounds to 26, so the curve's last point is taken after it;
     * that point is the peak, and the figures must count the pod.
     */
    @Test
    void theCurvesRoundedLastPointCountsAsASampleForTheFiguresTakenAtThePeak(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("pods.csv"), "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,"
                + "creation_time,deletion_time,scheduled_time\n"
                + "whole,1000,2048,1,1000,,LS,Running,0,100,0\n"
                + "share,1000,2048,1,20,,LS,Running,1,101,1\n");
        Plan p = new PlanReader().read("o.yaml", """
                apiVersion: gpulab.io/v1
                kind: Plan
                metadata: {name: o}
                workload:
                  openb: {pods: pods.csv, arrivals: trace}
                candidates:
                  - {name: a, worker: {cards: [{model: T4, count: 4}]}, workers: 1}
                  - {name: b, worker: {cards: [{model: T4, count: 4}]}, workers: 1}
                """, dir);
        Workload w = new WorkloadResolver(CardCatalog.builtIn(), null).resolve(p.workload());
        CandidateResult a = new PlanRunner(CardCatalog.builtIn(), 1).run(p, w, PlanProgress.NONE,
                new java.util.concurrent.atomic.AtomicBoolean()).candidates().get(0);
        assertEquals(26, a.curve().size(), "points at 1..25 % and the rounded last one: " + a.curve());
        assertEquals(25.5, a.curve().get(25).allocatedPct(), 1e-9);
        assertEquals(1020, a.metrics().gpuAllocation().used(), "figures at the peak count the half-percent pod");
    }

    @Test
    void traceArrivalsCreateAndDeleteAtTheTracesTimes(@TempDir Path dir) throws Exception {
        trace(dir);
        Workload w = resolve(dir, "{pods: pods.csv, arrivals: trace}");
        assertEquals(6, w.pods().size());
        assertEquals(6, w.events().stream().filter(e -> e instanceof Arrival.Delete).count());
        assertTrue(w.events().stream().anyMatch(e -> e instanceof Arrival.Advance));
    }
}
