package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.PlainReason;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.ReasonCodes;
import java.util.Map;
import java.util.TreeMap;

/** The short reason badge of a pending or rejected pod, and its per-node/per-card detail. */
public final class PendingBadge {

    private PendingBadge() {
    }

    /** Whether the pod belongs in the pending lane (not running anywhere): waiting, refused or failed. */
    public static boolean isPending(PodView p) {
        return isWaiting(p) || isRefused(p) || "Failed".equals(p.phase());
    }

    /** Whether the pod exists and waits to be placed (phase Pending): what counts as "pending". */
    public static boolean isWaiting(PodView p) {
        return "Pending".equals(p.phase());
    }

    /**
     * Whether the API server refused the pod's create (the webhook's refusal, say): no pod exists, it will never be
     * placed, so it counts as "refused", never as pending.
     */
    public static boolean isRefused(PodView p) {
        return "Rejected".equals(p.phase());
    }

    /**
     * The badge: HAMi's reason type without its {@code k/N} count ({@code CardInsufficientCore}), a lock
     * wait, or who refused the create: admission (a webhook, validation, a quota), else the API server's reason
     * ({@code Refused: DataStoreUnavailable}: an etcd timeout is no admission refusal).
     */
    public static String badge(PodView p) {
        if ("Rejected".equals(p.phase())) {
            String why = p.reason().strip();
            return switch (why) {
                case "InternalError", "Forbidden", "Invalid" -> "Admission refused";
                case "" -> "Create refused";
                default -> "Refused: " + why;
            };
        }
        String reason = p.reason().strip();
        if (reason.isEmpty()) {
            return p.phase();
        }
        String first = reason.split(",")[0].strip();
        int space = first.indexOf(' ');
        if (space > 0 && first.substring(0, space).matches("\\d+/\\d+")) {
            first = first.substring(space + 1);
        }
        return first;
    }

    /**
     * What the badge's reason code means and how to fix it (docs/reasons.md), for the badge's tooltip;
     * empty when the pod carries no known code.
     */
    public static String explain(PodView p) {
        String code = "Rejected".equals(p.phase()) ? p.reason().strip() : badge(p);
        return ReasonCodes.find(code).map(r -> r.code() + ": " + r.cause() + ".\nFix: " + r.fix() + ".")
                .orElse("");
    }

    /** A reason in words as the badge's tooltip leads with it: the sentence, the fix, the docs entry. */
    public static String inWords(PlainReason w) {
        return "Why: " + w.text() + ".\nFix: " + w.fix() + ".\nSee " + w.doc();
    }

    /** Multi-line detail: the message, then each node's reason string as HAMi formats it. */
    public static String detail(PodView p) {
        StringBuilder b = new StringBuilder();
        if (!p.reason().isEmpty()) {
            b.append(p.reason());
        }
        if (!p.message().isEmpty() && !p.message().equals(p.reason())) {
            b.append(b.length() > 0 ? "\n" : "").append(p.message());
        }
        Map<String, String> nodes = new TreeMap<>(p.failedNodes());
        nodes.forEach((n, why) -> b.append(b.length() > 0 ? "\n" : "").append(n).append(": ").append(why));
        return b.toString();
    }
}
