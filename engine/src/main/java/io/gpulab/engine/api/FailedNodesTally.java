package io.gpulab.engine.api;

import io.gpulab.scheduler.filter.Reasons;

import java.util.LinkedHashMap;
import java.util.Map;

/** HAMi's per-node reasons counted: cards per card reason, nodes per node-level reason. */
record FailedNodesTally(Map<String, Integer> cards, Map<String, Integer> nodes, int cardsSeen) {

    static FailedNodesTally of(Map<String, String> failedNodes) {
        Map<String, Integer> cards = new LinkedHashMap<>();
        Map<String, Integer> nodes = new LinkedHashMap<>();
        int seen = 0;
        for (String why : failedNodes.values()) {
            ReasonTypes.tally(why).forEach((r, k) -> (Reasons.CARD_REASONS.contains(r) ? cards : nodes)
                    .merge(r, Reasons.CARD_REASONS.contains(r) ? k : 1, Integer::sum));
            // "<k>/<N> <Reason>": N, the node's cards
            int slash = why.indexOf('/');
            int space = why.indexOf(' ');
            if (slash > 0 && space > slash + 1 && space - slash < 8
                    && (why.substring(0, slash) + why.substring(slash + 1, space)).chars()
                    .allMatch(Character::isDigit)) {
                seen += Integer.parseInt(why.substring(slash + 1, space));
            }
        }
        return new FailedNodesTally(cards, nodes, seen);
    }

    /**
     * The cards failing for a card reason with the verb agreeing: {@code the only card has}, {@code 1 of 8 cards
     * has}, {@code 3 of 8 cards have}; the lab's cards when the per-node reasons are not known.
     */
    String cards(String reason, PlainReasons.Lab lab, String one, String many) {
        Integer k = cards.get(reason);
        int n = cardsSeen > 0 ? cardsSeen : lab.cards();
        if (k == null) {
            return "the cards here (" + lab.cards() + ") " + many;
        }
        if (k == 1 && n == 1) {
            return "the only card " + one;
        }
        return k + " of " + n + " cards " + (k == 1 ? one : many);
    }

    /** {@code that card} when one card fails for the reason, else {@code one of those cards}. */
    String those(String reason) {
        return cards.getOrDefault(reason, 2) == 1 ? "that card" : "one of those cards";
    }

    /** {@code it} when one card fails for the reason, else {@code one of them}. */
    String them(String reason) {
        return cards.getOrDefault(reason, 2) == 1 ? "it" : "one of them";
    }

    int nodeCount(String reason) {
        return nodes.getOrDefault(reason, 0);
    }

    /** {@code 2 workers have} for a node-level reason, the verb agreeing. */
    String nodes(String reason, String one, String many) {
        int k = nodeCount(reason);
        return k == 0 ? "the workers " + many : k == 1 ? "1 worker " + one : k + " workers " + many;
    }
}
