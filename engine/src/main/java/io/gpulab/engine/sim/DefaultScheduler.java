package io.gpulab.engine.sim;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tenant's own kube-scheduler (in the TenantControlPlane) for pods HAMi's webhook did not claim:
 * NodeResourcesFit over the extended resources the node advertises, i.e. {@code nvidia.com/gpu} sharing
 * slots and the mock plugin's gpumem/gpucores node totals (kube counts every requested extended
 * resource). It knows nothing of cards: no HAMi annotations, no card, no lock. CPU and memory are not
 * modelled.
 */
final class DefaultScheduler {

    private static final String GPU = "nvidia.com/gpu";

    private DefaultScheduler() {
    }

    /** A decision: the chosen node, or the failure reasons per node and kube's message. */
    record Decision(@Nullable SimNode node, Map<String, String> failedNodes, String message) { }

    /**
     * Picks the feasible node with the smallest share of its {@code nvidia.com/gpu} already requested
     * (kube scores least-allocated); ties go to the earlier node, so runs are repeatable.
     */
    static Decision place(SimTenant tenant, Map<String, Long> requests) {
        Map<String, String> failed = new TreeMap<>();
        SimNode best = null;
        double bestLoad = Double.MAX_VALUE;
        for (SimNode n : tenant.nodes.values()) {
            String reason = misfit(n, requests);
            if (reason != null) {
                failed.put(n.name, reason);
                continue;
            }
            long cap = n.gpuSlots();
            double load = cap == 0 ? 0 : (double) n.kubeAllocated.getOrDefault(GPU, 0L) / cap;
            if (load < bestLoad) {
                best = n;
                bestLoad = load;
            }
        }
        if (best != null) {
            return new Decision(best, Map.of(), "");
        }
        return new Decision(null, failed, KubeMessages.unschedulable(tenant.nodes.size(), failed, true));
    }

    private static @Nullable String misfit(SimNode n, Map<String, Long> requests) {
        if (requests.isEmpty()) {
            return null;
        }
        List<String> missing = new ArrayList<>();
        requests.forEach((res, amount) -> {
            long cap = n.registration().capacity().getOrDefault(res, 0L);
            if (amount > 0 && cap - n.kubeAllocated.getOrDefault(res, 0L) < amount) {
                missing.add("Insufficient " + res);
            }
        });
        if (missing.isEmpty()) {
            return null;
        }
        missing.sort(null);
        return String.join(", ", missing);
    }
}
