package io.gpulab.engine.isolation;

import io.gpulab.engine.api.LabCommand;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Whether a loss came back after the heal, judged against the baseline, and how a failure is healed. */
class IsolationRecoveryTest {

    private static TenantLoss loss(String tenant, Observation keepRunning, Observation create) {
        return new TenantLoss(tenant, create, Observation.kept("kubectl get pods listed 2 pods"),
                Observation.kept("default/isolation-probe-new bound to w, card GPU-0 by hami-scheduler"), keepRunning);
    }

    private static final Observation RUNNING = Observation.kept("default/isolation-probe-running still Running on w, "
            + "card GPU-0");
    private static final Observation CREATED = Observation.kept("created default/isolation-probe-new");

    @Test
    void aPodThatStoppedAndDidNotComeBackIsNotBackAndTheConclusionNamesIt() {
        TenantLoss baseline = loss("tenant-a", RUNNING, CREATED);
        TenantLoss right = loss("tenant-a", Observation.lost("default/isolation-probe-running is gone"), CREATED);
        TenantLoss healed = loss("tenant-a", Observation.lost("default/isolation-probe-running is gone"), CREATED);
        Recovery h = Recovery.of(baseline, right, healed);
        assertEquals(Recovery.NOT_BACK, h.verdict());
        assertEquals("not back: keep running lost", IsolationWords.recovery(h));
        Recovery b = Recovery.of(loss("tenant-b", RUNNING, CREATED), loss("tenant-b", RUNNING, CREATED),
                loss("tenant-b", RUNNING, CREATED));
        assertEquals(Recovery.NOTHING_LOST, b.verdict());
        IsolationRow r = new IsolationRow("workers", "w (tenant-a)", "fault: {...}", "", List.of("tenant-a"),
                "a worker", List.of("tenant-a"), List.of(right, loss("tenant-b", RUNNING, CREATED)), "fault: {...}",
                List.of(h, b));
        assertEquals("tenant-a not back: keep running lost", IsolationWords.recovery(r));
        IsolationTable t = new IsolationTable("lab", "", List.of("tenant-a", "tenant-b"), "", List.of(),
                List.of(baseline, loss("tenant-b", RUNNING, CREATED)), List.of(r));
        assertTrue(IsolationWords.conclusion(t).contains("A running pod had stopped when its failure was first "
                + "observed: tenant-a under the worker w (tenant-a)."), IsolationWords.conclusion(t));
        assertTrue(IsolationWords.conclusion(t).endsWith("Not back 1 minute after the failure was healed after 6 "
                + "minutes by undoing its fault steps alone: tenant-a under the worker w (tenant-a) (keep running "
                + "lost)."), IsolationWords.conclusion(t));
    }

    @Test
    void aPodStillRunningAtFirstAndGoneAfterTheHoldIsNotSaidToHaveKeptRunning() {
        TenantLoss baseline = loss("tenant-a", RUNNING, CREATED);
        TenantLoss right = loss("tenant-a", Observation.degraded("default/isolation-probe-running still Running on w, "
                + "card GPU-0, with the warning: Ready=False"), CREATED);
        TenantLoss healed = loss("tenant-a", Observation.lost("default/isolation-probe-running is gone"), CREATED);
        Recovery h = Recovery.of(baseline, right, healed);
        Recovery b = Recovery.of(loss("tenant-b", RUNNING, CREATED), loss("tenant-b", RUNNING, CREATED),
                loss("tenant-b", RUNNING, CREATED));
        IsolationRow r = new IsolationRow("workers", "w (tenant-a)", "fault: {...}", "", List.of("tenant-a"),
                "a worker", List.of("tenant-a"), List.of(right, loss("tenant-b", RUNNING, CREATED)), "fault: {...}",
                List.of(h, b));
        IsolationTable t = new IsolationTable("lab", "", List.of("tenant-a", "tenant-b"), "", List.of(),
                List.of(baseline, loss("tenant-b", RUNNING, CREATED)), List.of(r));
        String c = IsolationWords.conclusion(t);
        assertTrue(c.contains("When each failure was first observed, the pods already running still read Running; "
                + "with a warning: tenant-a under the worker w (tenant-a). "), c);
        assertTrue(c.endsWith("tenant-a under the worker w (tenant-a) (keep running lost: the pod that still read "
                + "Running when the failure was first observed was gone)."), c);
        assertFalse(c.contains("kept running"), c);

        TenantLoss plain = loss("tenant-a", RUNNING, CREATED);
        IsolationRow quiet = new IsolationRow("workers", "w (tenant-a)", "fault: {...}", "", List.of("tenant-a"),
                "a worker", List.of(), List.of(plain, loss("tenant-b", RUNNING, CREATED)), "fault: {...}",
                List.of(Recovery.of(baseline, plain, plain), b));
        assertTrue(IsolationWords.conclusion(new IsolationTable("lab", "", List.of("tenant-a", "tenant-b"), "",
                List.of(), List.of(baseline, loss("tenant-b", RUNNING, CREATED)), List.of(quiet)))
                .endsWith("When each failure was first observed, the pods already running still read Running."));
    }

    @Test
    void aLossThatCameBackIsBackAndALossOnlyAfterTheHealIsNotBack() {
        TenantLoss baseline = loss("tenant-a", RUNNING, CREATED);
        Observation refused = Observation.lost("create default/isolation-probe-new refused: ConnectionRefused: ...");
        assertEquals(Recovery.BACK, Recovery.of(baseline, loss("tenant-a", RUNNING, refused),
                loss("tenant-a", RUNNING, CREATED)).verdict());
        assertEquals(Recovery.NOT_BACK, Recovery.of(baseline, loss("tenant-a", RUNNING, CREATED),
                loss("tenant-a", RUNNING, refused)).verdict(), "worse after the heal than without the failure");
        assertEquals(Recovery.NOT_BACK, Recovery.of(baseline, loss("tenant-a", RUNNING, refused),
                loss("tenant-a", RUNNING, Observation.degraded("created without HAMi's webhook"))).verdict(),
                "degraded is still worse than kept");
    }

    @Test
    void aFaultWithoutAKnownUndoIsNotObserved() {
        Heals.Heal h = Heals.of(List.of(new LabCommand.RestartPlugin("tenant-a", "w")));
        assertFalse(h.known());
        assertEquals("gpulab knows no step that undoes RestartPlugin", h.text());
        Recovery n = Recovery.notObserved("tenant-a", h.text());
        assertEquals("not observed: gpulab knows no step that undoes RestartPlugin", IsolationWords.recovery(n));
        IsolationRow r = new IsolationRow("workers", "w", "fault: {...}", "", List.of("tenant-a"), "", List.of(
                "tenant-a"), List.of(), h.text(), List.of(n));
        assertEquals("not observed: gpulab knows no step that undoes RestartPlugin", IsolationWords.recovery(r));
    }

    @Test
    void healStepsReadAsAScenarioStatesThem() {
        assertEquals("fault: {managementNode: m, state: ready}", Heals.of(List.of(
                new LabCommand.SetManagementNode("m", "lost"))).text());
        assertEquals("fault: {managementNode: NODE, state: ready} for each NODE of m1, m2", Heals.of(List.of(
                new LabCommand.SetManagementNode("m1", "lost"), new LabCommand.SetManagementNode("m2", "lost")))
                .text());
        Heals.Heal twice = Heals.of(List.of(new LabCommand.LoseTcpReplica("t", null),
                new LabCommand.LoseTcpReplica("t", null)));
        assertTrue(twice.known());
        assertEquals(List.of(), twice.commands());
        assertEquals(List.of(new LabCommand.SetCardHealth("t", "GPU-1", true),
                new LabCommand.SetCardHealth("t", "GPU-0", true)), Heals.of(List.of(
                new LabCommand.SetCardHealth("t", "GPU-1", false), new LabCommand.SetCardHealth("t", "GPU-0", false)))
                .commands());
    }
}
