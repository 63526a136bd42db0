package io.gpulab.engine.api;

/**
 * A pod against its namespace's GPU quota, for its reason in words: the quota as HAMi counts it now and what the pod
 * asks of it.
 *
 * @param quota    the namespace's limits and what its pods use
 * @param memKey   the quota key of the memory limit, e.g. {@code limits.nvidia.com/gpumem}
 * @param coresKey the quota key of the core limit, e.g. {@code limits.nvidia.com/gpucores}
 * @param askMB    MB the webhook counts for the pod (a memory percentage counts 0 there)
 * @param askCores core units the webhook counts for the pod
 */
public record QuotaAsk(QuotaView quota, String memKey, String coresKey, long askMB, long askCores) {
}
