package io.gpulab.engine.sim;

import org.jspecify.annotations.Nullable;

import java.util.Map;
import java.util.TreeMap;

/**
 * The tenant's own kube-scheduler (in the TenantControlPlane) for pods HAMi's webhook did not claim, and HAMi's
 * profile for pods without HAMi devices: {@link NodeResourcesFit} over pods, CPU, memory and the extended resources
 * the profile counts ({@code nvidia.com/gpu} sharing slots and the mock plugin's gpumem/gpucores node totals for the
 * default profile; none for HAMi's, whose extender owns them). It knows nothing of cards: no HAMi annotations, no
 * card, no lock.
 */
final class DefaultScheduler {

    /** kube's non-zero defaults for scoring a container that requests nothing ({@code schedutil}). */
    private static final long DEFAULT_CPU_MILLI = 100;
    private static final long DEFAULT_MEMORY_BYTES = 200L << 20;

    /**
     * The highest {@link #score}: LeastAllocated's mean of two 0-100 figures plus BalancedAllocation's 50-100; every
     * score is a whole number from 0 to this.
     */
    static final int MAX_SCORE = 200;

    private DefaultScheduler() {
    }

    /** A decision: the chosen node, or the failure reasons per node and kube's message. */
    record Decision(@Nullable SimNode node, Map<String, String> failedNodes, String message) { }

    /**
     * Picks the feasible node with the highest score of the default profile's resource plugins,
     * {@code NodeResourcesFit} (LeastAllocated on CPU and memory, non-zero requests) plus
     * {@code NodeResourcesBalancedAllocation}; kube breaks ties at random, here the earlier node wins.
     */
    static Decision place(SimTenant tenant, SimPod pod, Map<String, Long> scalar) {
        SimNode best = null;
        long bestScore = Long.MIN_VALUE;
        boolean anyFailed = false;
        for (SimNode n : tenant.nodeList) {
            if (!passes(n, pod.host, scalar)) {
                anyFailed = true;
                continue;
            }
            long s = score(n, pod.host);
            if (s > bestScore) {
                best = n;
                bestScore = s;
            }
        }
        if (best != null) {
            return new Decision(best, Map.of(), "");
        }
        return failure(tenant, pod, scalar, anyFailed);
    }

    /**
     * As {@link #place}, the choice read from the tenant's {@link PlaceIndex} (the same node: the highest score, the
     * earlier node on a tie); only a pod no node takes costs a pass over every node, for its reasons.
     */
    static Decision placeIndexed(SimTenant tenant, SimPod pod, Map<String, Long> scalar) {
        SimNode best = tenant.places.best(tenant.nodeList, pod.host, scalar);
        if (best != null) {
            return new Decision(best, Map.of(), "");
        }
        return failure(tenant, pod, scalar, !tenant.nodeList.isEmpty());
    }

    /** Whether {@link NodeResourcesFit} (and the profile's extended resources) let the pod on the node. */
    static boolean passes(SimNode n, HostRequests host, Map<String, Long> scalar) {
        return !NodeResourcesFit.fails(n, host) && (scalar.isEmpty() || NodeResourcesFit.misfit(n, host, scalar) == null);
    }

    private static Decision failure(SimTenant tenant, SimPod pod, Map<String, Long> scalar, boolean anyFailed) {
        Map<String, String> failed = anyFailed ? failedNodes(tenant, pod, scalar) : Map.of();
        return new Decision(null, failed, KubeMessages.unschedulable(tenant.nodes.size(), failed, true));
    }

    /** Every node's reasons (all fail when no node was chosen), sorted by node. */
    static Map<String, String> failedNodes(SimTenant tenant, SimPod pod, Map<String, Long> scalar) {
        Map<String, String> failed = new TreeMap<>();
        for (SimNode n : tenant.nodeList) {
            String why = NodeResourcesFit.misfit(n, pod.host, scalar);
            if (why != null) {
                failed.put(n.name, why);
            }
        }
        return failed;
    }

    /** LeastAllocated (CPU and memory, weight 1 each) + BalancedAllocation, as kube's integer math does them. */
    static long score(SimNode n, HostRequests r) {
        long cpuCap = n.cpuAllocatableMilli;
        long memCap = n.memoryAllocatableBytes;
        long cpuNz = n.cpuRequestedMilli + (r.cpuMilli() == 0 ? DEFAULT_CPU_MILLI : r.cpuMilli());
        long memNz = n.memoryRequestedBytes + (r.memoryBytes() == 0 ? DEFAULT_MEMORY_BYTES : r.memoryBytes());
        long least = (leastAllocated(cpuNz, cpuCap) + leastAllocated(memNz, memCap)) / 2;
        double fc = fraction(n.cpuRequestedMilli + r.cpuMilli(), cpuCap);
        double fm = fraction(n.memoryRequestedBytes + r.memoryBytes(), memCap);
        long balanced = (long) ((1 - Math.abs(fc - fm) / 2) * 100);
        return least + balanced;
    }

    private static long leastAllocated(long requested, long capacity) {
        if (capacity == 0 || requested > capacity) {
            return 0;
        }
        return (capacity - requested) * 100 / capacity;
    }

    private static double fraction(long requested, long capacity) {
        return capacity == 0 ? 0 : Math.min(1.0, (double) requested / capacity);
    }
}
