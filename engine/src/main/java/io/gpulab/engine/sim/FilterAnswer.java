package io.gpulab.engine.sim;

import io.gpulab.scheduler.filter.FilterEvents;
import io.gpulab.scheduler.filter.FilterResult;
import io.gpulab.scheduler.filter.HamiEvent;
import io.gpulab.scheduler.filter.NodeScore;
import io.gpulab.scheduler.filter.Status;
import io.gpulab.scheduler.model.PodDevices;
import org.jspecify.annotations.Nullable;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.SortedMap;

/**
 * What {@link Scheduling} reads of one HAMi filter pass: {@link FilterResult} minus the full list of node scores.
 * A {@link FilterResult} copies every fitting and failing node, which on a 1,000-node lab costs more than the
 * rest of a pod's scheduling; the {@link FitIndex} answers a success with read-only views of its own sorted
 * sets instead, valid until the index is next asked (the caller uses them at once).
 *
 * @param failedNodes node -> HAMi reason, sorted by node
 */
record FilterAnswer(Status status, @Nullable String node, PodDevices devices, Map<String, String> failedNodes,
                    List<HamiEvent> events) {

    /** The plain filter's answer, as is (its failed nodes are an unmodifiable copy sorted by node). */
    static FilterAnswer of(FilterResult r) {
        return new FilterAnswer(r.status(), r.node(), r.devices(), r.failedNodes(), r.events());
    }

    /**
     * A success, built as {@code HamiFilter.assemble} does (the chosen node is the last in node-policy order), from
     * views of {@code fitting} and {@code failed}; {@code events} is {@link #succeeded} of it.
     */
    static FilterAnswer success(SortedMap<String, String> failed, NavigableSet<NodeScore> fitting,
                                List<HamiEvent> events) {
        NodeScore chosen = fitting.last();
        return new FilterAnswer(Status.success(), chosen.node(), chosen.devices(),
                Collections.unmodifiableSortedMap(failed), events);
    }

    /**
     * HAMi's FilteringSucceed event for {@code chosen} among {@code fits} fitting nodes, as the log keeps it (cut to
     * its length, made in one copy); {@code listed} is its list of fits as {@link FilterEvents#listFits} makes it.
     */
    static List<HamiEvent> succeeded(String chosen, int totalNodes, int fits, String listed) {
        StringBuilder msg = new StringBuilder(listed.length() + 96);
        FilterEvents.appendSucceededHead(msg, chosen, totalNodes, fits).append(listed).append(')');
        return List.of(new HamiEvent(HamiEvent.FILTERING_SUCCEED, HamiEvent.NORMAL, EventLog.clip(msg)));
    }
}
