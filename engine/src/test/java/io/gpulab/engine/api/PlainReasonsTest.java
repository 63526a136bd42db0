package io.gpulab.engine.api;

import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.DeviceInfo;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reasons in words: each sentence is built from the lab's own numbers and says whether freeing capacity helps. */
class PlainReasonsTest {

    private static final String A100 = "NVIDIA A100-SXM4-80GB";
    private static final String L4 = "NVIDIA L4";
    /** Two workers: one A100 80 GB, two L4 24 GB. */
    private static final PlainReasons.Lab LAB = PlainReasons.Lab.of(List.of(
            List.of(new DeviceInfo("GPU-0", 0, 10, 81920, 100, A100, 0, "hami-core", true)),
            List.of(new DeviceInfo("GPU-1", 0, 10, 23034, 100, L4, 0, "hami-core", true),
                    new DeviceInfo("GPU-2", 1, 10, 23034, 100, L4, 0, "hami-core", false))));

    private static ContainerDeviceRequest req(int nums, int mem, int pct, int cores) {
        return new ContainerDeviceRequest(nums, "NVIDIA", mem, pct, cores);
    }

    private static PlainReason words(String reason, String message, Map<String, String> failed,
                                     ContainerDeviceRequest r, Map<String, String> annotations) {
        return PlainReasons.of(new PlainReasons.Pod("Pending", reason, message, failed, List.of(r), annotations,
                "team-a", t -> !annotations.containsKey("nvidia.com/use-gputype")
                        || t.toUpperCase(java.util.Locale.ROOT).contains(annotations.get("nvidia.com/use-gputype")
                        .toUpperCase(java.util.Locale.ROOT))), LAB).orElseThrow();
    }

    @Test
    void aRequestLargerThanEveryCardFitsNoCardWhateverIsFreed() {
        PlainReason w = words("CardInsufficientMemory", "0/2 nodes are available: ...",
                Map.of("w1", "1/1 CardInsufficientMemory", "w2", "2/2 CardInsufficientMemory"), req(1, 90000, 101, 0),
                Map.of());
        assertEquals("asks 90,000 MB of one card; the largest card here has 81,920 MB: it fits no card of this lab, "
                + "whatever is freed", w.text());
        assertEquals("ask for at most 81,920 MB (nvidia.com/gpumem), or add a worker with cards of at least 90,000 MB",
                w.fix());
        assertEquals("docs/reasons.md#cardinsufficientmemory", w.doc());
    }

    @Test
    void aRequestThatFitsAnEmptyCardWaitsForPodsToEnd() {
        PlainReason w = words("CardInsufficientMemory", "", Map.of("w1", "1/1 CardInsufficientMemory",
                "w2", "1/2 CardInsufficientMemory, 1/2 CardNotHealth"), req(1, 30000, 101, 10), Map.of());
        assertEquals("asks 30,000 MB of one card; 2 of 3 cards have less than that free now (the largest card here "
                + "has 81,920 MB): it runs once pods on one of them end", w.text());
    }

    @Test
    void coresSlotsExclusivityAndHealthCountTheCardsHamiRejected() {
        assertEquals("asks 30 % of a card's compute; the only card has less than that left now: it runs once pods on "
                + "it end", PlainReasons.of(new PlainReasons.Pod("Pending", "CardInsufficientCore", "",
                Map.of("w1", "1/1 CardInsufficientCore"), List.of(req(1, 1000, 101, 30)), Map.of(), "d", null),
                PlainReasons.Lab.of(List.of(List.of(LAB_CARD)))).orElseThrow().text());
        assertTrue(words("CardTimeSlicingExhausted", "", Map.of("w1", "1/1 CardTimeSlicingExhausted"),
                req(1, 1000, 101, 0), Map.of()).text().startsWith("the only card has no free sharing slot (at most 10 "
                + "pods share a card: deviceSplitCount)"));
        assertTrue(words("ExclusiveDeviceAllocateConflict", "", Map.of("w2", "2/2 ExclusiveDeviceAllocateConflict"),
                req(1, 0, 100, 100), Map.of()).text().contains("2 of 2 cards already hold a pod"));
        assertTrue(words("CardNotHealth", "", Map.of("w2", "1/2 CardNotHealth, 1/2 CardInsufficientCore"),
                req(1, 1000, 101, 90), Map.of()).text().startsWith("1 of 2 cards is unhealthy"));
    }

    private static final DeviceInfo LAB_CARD = new DeviceInfo("GPU-0", 0, 10, 81920, 100, A100, 0, "hami-core", true);

    @Test
    void aTypeNoCardOfTheLabHasNeverFits() {
        PlainReason w = words("CardTypeMismatch", "", Map.of("w1", "1/1 CardTypeMismatch", "w2", "2/2 CardTypeMismatch"),
                req(1, 1000, 101, 0), Map.of("nvidia.com/use-gputype", "H100"));
        assertEquals("asks for a card type containing \"H100\" (nvidia.com/use-gputype); this lab's cards are "
                + A100 + ", " + L4 + ": it fits no card of this lab, whatever is freed", w.text());
    }

    @Test
    void moreCardsThanAnyWorkerHasNeverFit() {
        PlainReason w = words("NodeInsufficientDevice", "", Map.of("w1", "NodeInsufficientDevice",
                "w2", "NodeInsufficientDevice"), req(4, 1000, 101, 0), Map.of());
        assertEquals("asks 4 cards in one container; the largest worker here has 2: it fits no worker of this lab, "
                + "whatever is freed", w.text());
    }

    @Test
    void refusalsAndLocksSayWhatHappenedBesideHamisText() {
        assertTrue(words("InternalError", "Error from server (InternalError): Internal error occurred: failed calling "
                + "webhook \"vgpu.hami.io\": ... No agent available", Map.of(), req(1, 1000, 101, 0), Map.of()).text()
                .startsWith("HAMi's webhook could not be reached"));
        PlainReason lock = words("BindingFailed", "node w1 has been locked within 5m0s: node lock contention",
                Map.of(), req(1, 1000, 101, 0), Map.of());
        assertEquals("HAMi chose a worker but could not bind: node w1 has been locked within 5m0s: node lock "
                + "contention", lock.text());
        assertEquals("docs/reasons.md#bindingfailed", lock.doc());
        assertEquals("docs/reasons.md#node-unregistered", PlainReason.doc("node unregistered"));
    }

    @Test
    void aRunningPodHasNoReasonInWords() {
        assertTrue(PlainReasons.of(new PlainReasons.Pod("Running", "", "", Map.of(), List.of(), Map.of(), "d", null),
                LAB).isEmpty());
    }
}
