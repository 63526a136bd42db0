package io.gpulab.engine.sim;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * kube-scheduler's own {@code NodeResourcesFit} filter ({@code fitsRequest} in
 * pkg/scheduler/framework/plugins/noderesources/fit.go): the pod count against the kubelet's max pods, then CPU,
 * then memory against the node's allocatable minus what the pods bound there request; then, for pods the default
 * profile schedules, the extended resources (for HAMi's profile those are the extender's, {@code ignoredByScheduler}).
 * Its reasons, in that order: {@code Too many pods}, {@code Insufficient cpu}, {@code Insufficient memory},
 * {@code Insufficient <resource>}.
 */
final class NodeResourcesFit {

    /** The kubelet's default {@code maxPods}. */
    static final int MAX_PODS = 110;
    static final String TOO_MANY_PODS = "Too many pods";
    static final String INSUFFICIENT_CPU = "Insufficient cpu";
    static final String INSUFFICIENT_MEMORY = "Insufficient memory";

    private NodeResourcesFit() {
    }

    /**
     * kube-scheduler's TaintToleration reason for a node tainted {@code node.kubernetes.io/unreachable} (no pod
     * tolerates its NoSchedule effect); the plugin runs before NodeResourcesFit, so it is the node's only reason.
     */
    static final String UNREACHABLE = io.gpulab.engine.api.ReasonCodes.UNREACHABLE;

    /** Whether the node fails on its taint, pods, CPU or memory (the checks every profile makes). */
    static boolean fails(SimNode n, HostRequests r) {
        return n.unreachable || n.podCount + 1 > MAX_PODS
                || r.cpuMilli() > 0 && r.cpuMilli() > n.freeCpuMilli()
                || r.memoryBytes() > 0 && r.memoryBytes() > n.freeMemoryBytes();
    }

    /**
     * The node's reasons joined with {@code ", "}, or null when it fits. {@code scalar} are the extended resources
     * this profile checks (empty for HAMi's); Go ranges over them in map order, here they are sorted.
     */
    static @Nullable String misfit(SimNode n, HostRequests r, Map<String, Long> scalar) {
        if (n.unreachable) {
            return UNREACHABLE;
        }
        List<String> out = null;
        if (fails(n, r)) {
            out = new ArrayList<>(3);
            if (n.podCount + 1 > MAX_PODS) {
                out.add(TOO_MANY_PODS);
            }
            if (r.cpuMilli() > 0 && r.cpuMilli() > n.freeCpuMilli()) {
                out.add(INSUFFICIENT_CPU);
            }
            if (r.memoryBytes() > 0 && r.memoryBytes() > n.freeMemoryBytes()) {
                out.add(INSUFFICIENT_MEMORY);
            }
        }
        if (!scalar.isEmpty()) {
            for (Map.Entry<String, Long> e : new TreeMap<>(scalar).entrySet()) {
                long cap = n.registration().capacity().getOrDefault(e.getKey(), 0L);
                if (e.getValue() > 0 && cap - n.kubeAllocated.getOrDefault(e.getKey(), 0L) < e.getValue()) {
                    if (out == null) {
                        out = new ArrayList<>(2);
                    }
                    out.add("Insufficient " + e.getKey());
                }
            }
        }
        return out == null ? null : String.join(", ", out);
    }
}
