package io.gpulab.engine.api;

import org.jspecify.annotations.Nullable;

/**
 * One namespace's GPU quota as HAMi enforces it: the {@code limits.<memory>} / {@code limits.<cores>} hard limits
 * of its ResourceQuotas and what the pods HAMi has cached use against them.
 *
 * @param namespace  the namespace
 * @param memUsedMB  MB used by the namespace's allocated pods
 * @param memLimitMB the memory limit in MB (already multiplied by memoryFactor), or null when none
 * @param coresUsed  core units used
 * @param coresLimit the core-unit limit, or null when none
 */
public record QuotaView(String namespace, long memUsedMB, @Nullable Long memLimitMB, long coresUsed,
                        @Nullable Long coresLimit) {
}
