package io.gpulab.engine.metrics;

import io.gpulab.engine.api.LabBackend;
import io.gpulab.engine.scenario.BackendOptions;
import io.gpulab.engine.scenario.Backends;
import io.gpulab.engine.scenario.RunResult;
import io.gpulab.engine.scenario.Scenario;
import io.gpulab.engine.scenario.ScenarioReader;
import io.gpulab.engine.scenario.ScenarioRunner;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.util.List;
import java.util.Map;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static io.gpulab.engine.testkit.ArticleLab.TENANT_B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the lab metrics report on the simulated article lab, and a replay's allocation curve. */
class LabMetricsTest {

    @Test
    void sharesCountTheirComputeShareOfACardAndPendingPodsCountByReason() {
        try (LabBackend lab = Backends.open("sim", ArticleLab.spec(), BackendOptions.NONE)) {
            for (int i = 1; i <= 4; i++) {
                lab.execute(Pods.submit(TENANT_A, "gpu-pod-" + i, 20000, 30)); // the fourth is short of cores
            }
            LabMetrics m = LabMetrics.of(lab.snapshot());
            // three cards (one A100, two L4), 90 % of the A100 booked: 900 of 3,000 GPU-milli
            assertEquals(3, m.cards());
            assertEquals(new LabMetrics.Usage(900, 3000, 30.0), m.gpuAllocation());
            assertEquals(new LabMetrics.Usage(60000, 81920 + 2 * 24576, 45.78), m.gpuMemory());
            assertEquals(new LabMetrics.Usage(3, 30, 10.0), m.gpuSlots());
            assertEquals(3, m.pods().running());
            assertEquals(Map.of("CardInsufficientCore", 1), m.pods().pendingByReason());
            assertEquals(new LabMetrics.Stranded(0, 0, 0), m.stranded());
        }
    }

    @Test
    void aCardWhoseMemoryIsFullStrandsItsFreeComputeAndTheReverse() {
        try (LabBackend lab = Backends.open("sim", ArticleLab.spec(), BackendOptions.NONE)) {
            lab.execute(Pods.submit(TENANT_A, "all-memory", 81920, 10));
            lab.execute(Pods.submit(TENANT_B, "all-compute", 1000, 100));
            LabMetrics m = LabMetrics.of(lab.snapshot());
            assertEquals(90, m.stranded().gpuCores(), "the A100's 90 free core units cannot be used");
            assertEquals(24576 - 1000, m.stranded().gpuMemoryMB(), "nor the L4's free memory");
            assertEquals(100 + 1000, m.gpuAllocation().used());
        }
    }

    @Test
    void theCurveSamplesAllocationAtEveryPercentOfArrivedDemand() {
        StringBuilder yaml = new StringBuilder("""
                apiVersion: gpulab.io/v1
                kind: Scenario
                metadata: {name: curve}
                lab:
                  tenants:
                    - name: t
                      workers:
                        - name: w
                          cards:
                            - {model: A100-80GB, count: 1}
                steps:
                """);
        for (int i = 1; i <= 6; i++) {
            yaml.append("""
                      - submit:
                          tenant: t
                          pod:
                            apiVersion: v1
                            kind: Pod
                            metadata: {name: p%d}
                            spec:
                              containers:
                                - name: main
                                  image: busybox
                                  resources:
                                    limits: {nvidia.com/gpu: 1, nvidia.com/gpumem: 1000, nvidia.com/gpucores: 25}
                    """.formatted(i));
        }
        Scenario s = new ScenarioReader().read("curve.yaml", new StringReader(yaml.toString()), false);
        RunResult r;
        try (LabBackend b = Backends.open("sim", s.lab(), BackendOptions.NONE)) {
            r = new ScenarioRunner(b).run(s);
        }
        List<AllocationCurve.Point> curve = r.summary().curve();
        // six pods of a quarter card each arrive 150 % of the one card; the fifth and sixth find it full
        assertEquals(150, curve.size());
        assertEquals(new AllocationCurve.Point(25, 25.0), curve.get(24));
        assertEquals(new AllocationCurve.Point(26, 50.0), curve.get(25));
        assertEquals(new AllocationCurve.Point(150, 100.0), curve.get(149));
        assertEquals(2, r.summary().metrics().pods().pending());
        for (int i = 1; i < curve.size(); i++) {
            assertTrue(curve.get(i).allocatedPct() >= curve.get(i - 1).allocatedPct(), "no departures: never falls");
        }
    }

    @Test
    void demandCountsWholeCardsForRequestsWithoutAShare() {
        assertEquals(2000, AllocationCurve.demandMilli(Pods.withLimits("p", Map.of("nvidia.com/gpu", 2))));
        assertEquals(460, AllocationCurve.demandMilli(Pods.withLimits("p",
                Map.of("nvidia.com/gpu", 1, "nvidia.com/gpucores", 46, "nvidia.com/gpumem-percentage", 46))));
        assertEquals(0, AllocationCurve.demandMilli(Pods.withLimits("p",
                Map.of("nvidia.com/gpu", 1, "nvidia.com/gpumem", 1000))));
        assertEquals(0, AllocationCurve.demandMilli(Pods.withLimits("p", Map.of("cpu", "2"))));
    }
}
