package io.gpulab.engine.cluster;

import io.gpulab.engine.api.LabEvent;
import java.util.List;
import java.util.Map;

/**
 * "Why is this pod pending": scheduler/'s verdict on the observed cards next to the cluster's own
 * FilteringFailed events, so a user sees whether the two agree.
 *
 * @param verdict       one line: what the filter decided, e.g. {@code no node fits} or {@code would fit on X}
 * @param failedNodes   per node, HAMi's FailedNodes text as scheduler/ computes it
 * @param cards         per card, its free capacity and its own reason
 * @param clusterEvents the pod's FilteringFailed (and other HAMi) events as the cluster recorded them
 * @param notes         caveats: not a GPU pod, settings assumed, undecodable annotations ignored
 * @param explanation   why no node fits, in words from the lab's numbers (docs/reasons.md), when none does
 */
@com.fasterxml.jackson.annotation.JsonPropertyOrder({"tenant", "podKey", "phase", "verdict", "failedNodes", "cards",
    "clusterEvents", "notes", "explanation"})
public record PendingExplanation(String tenant, String podKey, String phase, String verdict,
                                 Map<String, String> failedNodes, List<CardVerdict> cards,
                                 List<LabEvent> clusterEvents, List<String> notes,
                                 @com.fasterxml.jackson.annotation.JsonInclude(
                                         com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                                 io.gpulab.engine.api.@org.jspecify.annotations.Nullable PlainReason explanation) {

    public PendingExplanation {
        failedNodes = Map.copyOf(failedNodes);
        cards = List.copyOf(cards);
        clusterEvents = List.copyOf(clusterEvents);
        notes = List.copyOf(notes);
    }

    /** An explanation without the sentence. */
    public PendingExplanation(String tenant, String podKey, String phase, String verdict,
                              Map<String, String> failedNodes, List<CardVerdict> cards,
                              List<LabEvent> clusterEvents, List<String> notes) {
        this(tenant, podKey, phase, verdict, failedNodes, cards, clusterEvents, notes, null);
    }

    /** The same explanation with other notes. */
    public PendingExplanation withNotes(List<String> other) {
        return new PendingExplanation(tenant, podKey, phase, verdict, failedNodes, cards, clusterEvents, other,
                explanation);
    }
}
