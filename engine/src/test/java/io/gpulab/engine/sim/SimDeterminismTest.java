package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabCommand;
import io.gpulab.engine.api.LabEvent;
import io.gpulab.engine.api.LabSnapshot;
import io.gpulab.engine.lab.LabSpec;
import io.gpulab.engine.testkit.ArticleLab;
import io.gpulab.engine.testkit.Pods;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.gpulab.engine.testkit.ArticleLab.TENANT_A;
import static io.gpulab.engine.testkit.ArticleLab.TENANT_B;
import static io.gpulab.engine.testkit.ArticleLab.WORKER_A;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Identical runs give identical snapshots and event logs; Reset goes back to the start. */
class SimDeterminismTest {

    private static final List<LabCommand> SCRIPT = List.of(
            Pods.submit(TENANT_A, "a1", 20000, 30), Pods.submit(TENANT_A, "a2", 20000, 30),
            Pods.submit(TENANT_B, "b1", 12000, 50), Pods.submit(TENANT_B, "b2", 12000, 50),
            Pods.submit(TENANT_B, "b3", 12000, 50), new LabCommand.Advance(Duration.ofMinutes(7)),
            new LabCommand.Unlock(TENANT_A, WORKER_A), new LabCommand.SetKonnectivity(TENANT_B, false),
            Pods.submit(TENANT_B, "b4", 1000, 10), new LabCommand.DeletePod(TENANT_A, "default/a1"));

    @Test
    void twoRunsOfTheSameScriptAreIdentical() {
        SimBackend one = run();
        SimBackend two = run();
        assertEquals(one.snapshot(), two.snapshot());
        assertEquals(one.events(), two.events());
        assertEquals(one.trace(TENANT_B, "default/b3"), two.trace(TENANT_B, "default/b3"));
        assertEquals(Instant.parse("2026-01-01T00:07:00Z"), one.snapshot().now());
    }

    @Test
    void resetReturnsToTheInitialLab() {
        SimBackend lab = run();
        SimBackend fresh = SimBackend.start(ArticleLab.spec(LabSpec.LIFECYCLE_ARTICLE));
        long before = lab.snapshot().version();
        lab.execute(new LabCommand.Reset());
        LabSnapshot s = lab.snapshot();
        assertEquals(fresh.snapshot().tenants(), s.tenants());
        assertEquals(fresh.snapshot().now(), s.now());
        assertEquals(fresh.events().stream().map(LabEvent::message).toList(),
                lab.events().stream().map(LabEvent::message).toList());
        assertEquals(true, s.version() > before, "versions keep increasing across a reset");
    }

    private static SimBackend run() {
        SimBackend lab = SimBackend.start(ArticleLab.spec(LabSpec.LIFECYCLE_ARTICLE));
        SCRIPT.forEach(lab::execute);
        return lab;
    }
}
