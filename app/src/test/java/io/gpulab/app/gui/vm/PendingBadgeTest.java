package io.gpulab.app.gui.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpulab.engine.api.PodView;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PendingBadgeTest {

    private static PodView pod(String phase, String reason, Map<String, String> failed) {
        return new PodView("default", "p", phase, "", "hami-scheduler", reason, "", failed, List.of(), Map.of(), false,
                List.of(), 1);
    }

    @Test
    void badgeIsHamisReasonTypeWithoutItsCount() {
        assertEquals("CardInsufficientCore", PendingBadge.badge(pod("Pending", "1/1 CardInsufficientCore", Map.of())));
    }

    @Test
    void aRefusedCreateSaysWhoRefusedIt() {
        assertEquals("Admission refused", PendingBadge.badge(pod("Rejected", "InternalError", Map.of())));
        assertEquals("Admission refused", PendingBadge.badge(pod("Rejected", "Forbidden", Map.of())));
        // the shared DataStore without quorum: the API server answered, etcd did not; no admission refused it
        assertEquals("Refused: DataStoreUnavailable", PendingBadge.badge(pod("Rejected", "DataStoreUnavailable",
                Map.of())));
        assertEquals("Refused: ConnectionRefused", PendingBadge.badge(pod("Rejected", "ConnectionRefused", Map.of())));
        assertEquals("Create refused", PendingBadge.badge(pod("Rejected", "", Map.of())));
    }

    @Test
    void detailListsEveryNodesReason() {
        String d = PendingBadge.detail(pod("Pending", "CardInsufficientMemory",
                Map.of("node-b", "2/2 CardInsufficientMemory", "node-a", "1/1 CardNotHealth")));
        assertTrue(d.contains("node-a: 1/1 CardNotHealth\nnode-b: 2/2 CardInsufficientMemory"), d);
    }

    @Test
    void explainGivesTheCodesCauseAndFixForTheTooltip() {
        String e = PendingBadge.explain(pod("Pending", "1/1 CardInsufficientCore", Map.of()));
        assertTrue(e.startsWith("CardInsufficientCore: the card's free compute"), e);
        assertTrue(e.contains("\nFix: ask for fewer gpucores"), e);
        assertTrue(PendingBadge.explain(pod("Rejected", "InternalError", Map.of())).startsWith("InternalError: "));
        assertEquals("", PendingBadge.explain(pod("Pending", "", Map.of())));
    }
}
