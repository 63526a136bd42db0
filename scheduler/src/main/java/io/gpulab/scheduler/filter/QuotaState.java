package io.gpulab.scheduler.filter;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * HAMi's view of ResourceQuota (HAMi v2.10 pkg/device/quota.go): per namespace the {@code limits.nvidia.com/gpumem} and
 * {@code limits.nvidia.com/gpucores} hard limits and what cached pods already use.
 *
 * @param namespaces   namespace -> quota
 * @param memoryFactor the memory limit is multiplied by this (HAMi {@code memoryFactor})
 */
public record QuotaState(Map<String, NamespaceQuota> namespaces, int memoryFactor) {

    /**
     * One namespace.
     *
     * @param memLimit   MB limit, or null when not set
     * @param coresLimit core-unit limit, or null when not set
     * @param usedMem    MB used by cached pods
     * @param usedCores  core units used by cached pods
     */
    public record NamespaceQuota(@Nullable Long memLimit, @Nullable Long coresLimit, long usedMem, long usedCores) {
    }

    public QuotaState {
        namespaces = Map.copyOf(namespaces);
    }

    /** Whether {@code extraMem}/{@code extraCores} more still fit in the namespace's quota. */
    public boolean fits(String namespace, long extraMem, long extraCores) {
        NamespaceQuota q = namespaces.get(namespace);
        if (q == null) {
            return true;
        }
        if (q.memLimit() != null && q.usedMem() + extraMem > q.memLimit() * Math.max(1, memoryFactor)) {
            return false;
        }
        return q.coresLimit() == null || q.usedCores() + extraCores <= q.coresLimit();
    }
}
