package io.gpulab.app.report;

import io.gpulab.engine.api.ReasonCodes;
import java.util.Map;

/**
 * Plain words for the pending reasons a report lists, so a reviewer need not know HAMi's codes: short
 * phrases for the common ones (they fit a table column), else the cause from {@link ReasonCodes}.
 */
final class ReasonText {

    private static final Map<String, String> TEXT = Map.ofEntries(
            Map.entry("CardTypeMismatch", "no card of the model the pod asks for (nvidia.com/use-gputype)"),
            Map.entry("CardInsufficientMemory", "no card has enough free GPU memory for the pod's share"),
            Map.entry("CardInsufficientCore", "no card has enough free compute for the pod's share"),
            Map.entry("CardTimeSlicingExhausted", "every card's sharing slots (deviceSplitCount) are taken"),
            Map.entry("CardComputeUnitsExhausted", "the card's compute is fully booked (an exclusive pod needs 100 %)"),
            Map.entry("CardNotHealth", "the only fitting cards are unhealthy"),
            Map.entry("CardCordoned", "the only fitting cards are cordoned"),
            Map.entry("NodeInsufficientDevice", "no worker has as many cards as the pod asks for"),
            Map.entry("AllocatedCardsInsufficientRequest", "a worker had cards, but too few fit the pod together"),
            Map.entry("Unschedulable", "kube-scheduler found no worker with enough CPU, memory or cards"),
            Map.entry("AdmissionRefused", "the tenant's API server refused the create (HAMi's webhook)"),
            Map.entry("(none)", "waiting without a recorded reason"),
            Map.entry("NeverFits", "fits no worker of this candidate at all (listed below); not submitted"));

    private ReasonText() {
    }

    static String of(String reason) {
        String t = TEXT.get(reason);
        if (t != null) {
            return t;
        }
        java.util.Optional<ReasonCodes.Reason> known = ReasonCodes.find(reason);
        if (known.isPresent()) {
            return known.get().cause();
        }
        if (reason.startsWith("Insufficient")) {
            return "kube-scheduler: not enough " + reason.substring("Insufficient".length()).strip()
                    + " on any worker";
        }
        return reason.toLowerCase(java.util.Locale.ROOT).contains("lock") ? "waiting for HAMi's node lock"
                : "as HAMi or kube-scheduler reported it";
    }
}
