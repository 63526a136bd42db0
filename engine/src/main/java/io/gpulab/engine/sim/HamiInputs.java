package io.gpulab.engine.sim;

import io.gpulab.engine.api.LabEvent;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;

import java.util.ArrayList;
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

    /** What HAMi reads for pod {@code p} of tenant {@code t} now. */
    static HamiInputs of(SimLab lab, SimTenant t, SimPod p) {
        List<NodeInfo> nodes = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (SimNode n : t.nodeList) {
            NodeInfo info = n.info();
            if (n == p.reservedOn) {
                info = new NodeInfo(info.name(), info.annotations(),
                        io.gpulab.scheduler.usage.UsageLedger.apply(info.devices(), p.reservation, -1));
            }
            nodes.add(info);
            n.notes.forEach(note -> notes.add("node " + n.name + ": " + note));
        }
        String object = "Pod/" + p.key();
        List<LabEvent> events = lab.log().all().stream()
                .filter(e -> e.tenant().equals(t.name) && e.object().equals(object)).toList();
        io.gpulab.scheduler.filter.QuotaState quota = SimQuotas.state(t, t.cfg.resourceNames(),
                t.cfg.memoryFactor());
        if (quota != null && p.reservedOn != null) {
            quota = SimQuotas.without(quota, p);
        }
        return new HamiInputs(p.admitted, p.phase, nodes, notes, events, quota);
    }
}
