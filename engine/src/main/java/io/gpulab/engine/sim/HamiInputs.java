package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;

import java.util.List;

/**
 * What HAMi's filter reads for one pod of a simulated tenant, so an explanation can be computed exactly as for a
 * live cluster (e.g. {@code why-pending --snapshot}).
 *
 * @param pod       the pod as admitted (what HAMi reads)
 * @param phase     its phase
 * @param nodes     every node's registered cards with the usage of every other pod (the pod's own reservation,
 *                  if any, is left out as HAMi's re-filter does)
 * @param nodeNotes what HAMi reported about node annotations it could not decode
 * @param events    the pod's events, oldest first
 * @param quota     the namespaces' GPU quotas as HAMi sees them (the pod's own use left out), or null when none
 */
public record HamiInputs(PodInfo pod, String phase, List<NodeInfo> nodes, List<String> nodeNotes,
                         List<LabEvent> events, io.gpulab.scheduler.filter.@org.jspecify.annotations.Nullable QuotaState
                                 quota) {

    public HamiInputs {
        nodes = List.copyOf(nodes);
        nodeNotes = List.copyOf(nodeNotes);
        events = List.copyOf(events);
    }
}
