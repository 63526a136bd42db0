package io.gpulab.engine.plan;

import io.gpulab.engine.sim.ReadPod;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every pod of a plan's workloads read once ({@link ReadPod}) and submitted as such to every replay's lab: a plan
 * replays the same pods on every candidate, worker count, arrival order and growth step, and reading a manifest cost
 * about a tenth of a replay. Keyed by the pod itself (reordered workloads share their pods; a grown one adds copies).
 */
final class ReadPods {

    private final Map<PlanPod, ReadPod> read = new IdentityHashMap<>();

    /** The workload's pods as read, by index. */
    synchronized ReadPod[] of(List<PlanPod> pods) {
        ReadPod[] out = new ReadPod[pods.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = read.computeIfAbsent(pods.get(i), p -> ReadPod.of(p.manifest()));
        }
        return out;
    }
}
