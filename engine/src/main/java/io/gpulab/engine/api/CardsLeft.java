package io.gpulab.engine.api;

import org.jspecify.annotations.Nullable;

import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The figure behind "less than that left": among the cards of the workers that gave HAMi's reason, those with less
 * left than the pod asks (healthy, with a free slot, of a type the pod takes), the one with the most left: what the
 * pod would get if it asked for no more.
 *
 * @param left  what that card has left (MB, or % of its compute)
 * @param card  its index on the worker
 * @param node  the worker
 */
record CardsLeft(int left, int card, String node) {

    /**
     * @param need what the pod asks of the card (a memory percentage resolves per card), or a negative number when not
     *             known (then nothing is said)
     * @param left what the card has left
     */
    static @Nullable CardsLeft of(PlainReasons.Pod pod, String reason, LabNow now, ToIntFunction<CardView> need,
                                  ToIntFunction<CardView> left) {
        java.util.function.Predicate<String> type = pod.typeAllowed();
        CardsLeft best = null;
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(pod.failedNodes()).entrySet()) {
            if (!e.getValue().contains(reason)) {
                continue;
            }
            NodeView n = now.node(e.getKey()).orElse(null);
            if (n == null) {
                continue;
            }
            for (CardView c : n.cards()) {
                // cards HAMi's Fit turns away before it looks at what is left (unhealthy, no free slot, another type)
                if (!c.health() || c.usedSlots() >= c.slots() || type != null && !type.test(c.type())) {
                    continue;
                }
                int asks = need.applyAsInt(c);
                int has = Math.max(0, left.applyAsInt(c));
                if (asks < 0 || has >= asks) {
                    continue;
                }
                if (best == null || has > best.left()) {
                    best = new CardsLeft(has, c.index(), n.name());
                }
            }
        }
        return best;
    }

    /** {@code card 0 of tenant-a-worker}. */
    String where() {
        return "card " + card + " of " + node;
    }
}
