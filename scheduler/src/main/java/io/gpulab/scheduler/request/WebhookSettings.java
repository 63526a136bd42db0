package io.gpulab.scheduler.request;

/**
 * The webhook's settings beyond {@link io.gpulab.scheduler.model.SchedulerConfig} (chart/flag names).
 *
 * @param schedulerName                  written into pods that ask for HAMi resources
 * @param forceOverwriteDefaultScheduler replace {@code default-scheduler} too (HAMi's default: true)
 * @param gpuCorePolicy                  {@code default}, {@code force} or {@code disable}
 * @param overwriteEnv                   give non-GPU containers {@code NVIDIA_VISIBLE_DEVICES=none}
 * @param runtimeClassName               set on GPU pods without one; empty = leave alone
 */
public record WebhookSettings(String schedulerName, boolean forceOverwriteDefaultScheduler, String gpuCorePolicy,
                              boolean overwriteEnv, String runtimeClassName) {

    public static final WebhookSettings DEFAULTS = new WebhookSettings("hami-scheduler", true, "default", false, "");
}
