package io.gpulab.app.gui.walkthrough;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.app.gui.vm.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckTest {

    private final io.gpulab.engine.api.LabSnapshot s = Fixtures.articleAfterFourPods(true);

    @Test
    void cardUsageMatchesTheArticlesFullCard() {
        assertTrue(new Check.CardUsage("tenant-a", 60_000, 90, 3, null).test(s));
        assertFalse(new Check.CardUsage("tenant-a", 60_000, 100, null, null).test(s));
    }

    @Test
    void pendingReasonIsFoundInThePodOrItsFailedNodes() {
        assertTrue(new Check.PendingReason("tenant-a", "CardInsufficientCore").test(s));
        assertFalse(new Check.PendingReason("tenant-a", "CardInsufficientMemory").test(s));
        assertTrue(new Check.PendingReason("tenant-a", null).test(s));
    }

    @Test
    void pendingReasonIsExactNotAPrefix() {
        // "Card" used to match any card reason (and "" any pod at all)
        assertFalse(new Check.PendingReason("tenant-a", "Card").test(s));
        assertFalse(new Check.PendingReason("tenant-a", "").test(s));
    }

    @Test
    void anUnknownPendingReasonIsAWalkthroughErrorListingTheCodes() throws Exception {
        var node = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree("{\"pending\": {\"tenant\": \"tenant-a\", \"reason\": \"CardInsufficent\"}}");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> CheckParser.parse(node, "steps[0].check"));
        assertTrue(e.getMessage().startsWith("steps[0].check.pending.reason: unknown reason 'CardInsufficent'"),
                e.getMessage());
        assertTrue(e.getMessage().contains("CardInsufficientCore"), e.getMessage());
    }

    @Test
    void dataStoreAndControlPlaneCompareEachFieldGiven() throws Exception {
        // the simulated article lab as opened: DataStore default with 3 members, both control planes Ready 2/2
        var lab = io.gpulab.app.gui.EngineLabOpener.sim().open("article");
        io.gpulab.engine.api.LabSnapshot s = lab.backend().snapshot();
        assertTrue(new Check.DataStore("default", 3, true).test(s));
        assertFalse(new Check.DataStore("default", 2, null).test(s));
        assertFalse(new Check.DataStore("default", null, false).test(s));
        assertFalse(new Check.DataStore("kamaji-etcd", null, null).test(s), "no such DataStore");
        assertTrue(new Check.ControlPlane("tenant-a", "Ready", 2, true).test(s));
        assertFalse(new Check.ControlPlane("tenant-a", "NotReady", null, null).test(s));
        assertFalse(new Check.ControlPlane("tenant-a", null, 1, null).test(s));
        assertFalse(new Check.ControlPlane("tenant-a", null, null, false).test(s));
        assertFalse(new Check.ControlPlane("tenant-c", null, null, null).test(s), "no such tenant");
        lab.backend().close();
    }

    @Test
    void runningPodsCanBeRestrictedToHamiPlacedOnes() {
        assertTrue(new Check.PodsRunning("tenant-a", 3, true).test(s));
        assertFalse(new Check.PodsRunning("tenant-a", 1, false).test(s));
    }

    @Test
    void lockTunnelLifecycleAndVisibility() {
        assertTrue(new Check.Lock("tenant-a", "tenant-a-worker", true).test(s));
        assertTrue(new Check.Tunnel("tenant-b", false, null).test(s));
        assertTrue(new Check.Lifecycle("article").test(s));
        assertTrue(new Check.Visible("tenant-b", List.of("tenant-b-worker")).test(s));
        assertFalse(new Check.Visible("tenant-a", List.of("tenant-a-worker", "tenant-b-worker")).test(s));
    }

    @Test
    void unknownTenantNeverPasses() {
        assertFalse(new Check.Policy("tenant-z", "Ignore").test(s));
    }
}
