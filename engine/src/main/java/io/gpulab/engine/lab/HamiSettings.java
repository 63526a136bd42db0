package io.gpulab.engine.lab;

import io.gpulab.scheduler.model.ResourceNames;
import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.request.WebhookSettings;

import java.time.Duration;

/**
 * HAMi's Helm settings ({@code lab.hami}), named and defaulted like the chart.
 *
 * @param deviceSplitCount     sharing slots per card (chart default 10)
 * @param deviceMemoryScaling  registered memory = floor(physical MB x this) (default 1)
 * @param deviceCoreScaling    registered core units = this x 100 (default 1)
 * @param defaultMem           MB for a GPU container that asks for no memory; 0 = whole card
 * @param defaultCores         core units when {@code gpucores} is absent (default 0)
 * @param nodeSchedulerPolicy  {@code binpack} (default) or {@code spread}; any other string is binpack to HAMi
 * @param gpuSchedulerPolicy   {@code spread} (default), {@code binpack}, {@code mutex}, {@code topology-aware}, a
 *                             comma chain such as {@code binpack,numa}; HAMi sorts any other string as spread
 * @param webhookFailurePolicy {@code Ignore} (HAMi's default) or {@code Fail}
 * @param nodeLockTimeout      how long a node lock holds: the scheduler's {@code --node-lock-timeout} (default 5
 *                             minutes; the chart does not pass it)
 * @param memoryFactor         {@code nvidia.com/gpumem} is multiplied by this, quota memory limits too (default 1)
 * @param resourceNames        the resource names HAMi reads (default {@code nvidia.com/gpu}, ...)
 * @param schedulerName        the scheduler the webhook writes into GPU pods (default {@code hami-scheduler});
 *                             empty: the webhook leaves {@code schedulerName} alone
 * @param forceOverwriteDefaultScheduler whether the webhook also replaces {@code default-scheduler} (default true)
 * @param nodeConfigs          per-node device plugin overrides ({@code nodeconfig[]}), by worker name
 * @param nodeLockExpire       the chart's {@code scheduler.nodeLockExpire} as written ({@code ""} when not set): the
 *                             env {@code HAMI_NODELOCK_EXPIRE}, which HAMi v2.10's scheduler reads at start and then
 *                             overwrites with {@code --node-lock-timeout}, so it decides nothing
 * @param gpuCorePolicy        the device config's {@code nvidia.gpuCorePolicy} ({@code default}; {@code force} or
 *                             {@code disable} make the webhook set {@code GPU_CORE_UTILIZATION_POLICY} in GPU
 *                             containers); any string, as HAMi takes it
 * @param overwriteEnv         the device config's {@code nvidia.overwriteEnv} (default false): the webhook gives the
 *                             other containers of a GPU pod {@code NVIDIA_VISIBLE_DEVICES=none}
 * @throws IllegalArgumentException naming the {@code lab.hami.*} field for an impossible value
 */
public record HamiSettings(int deviceSplitCount, double deviceMemoryScaling, double deviceCoreScaling, int defaultMem,
                           int defaultCores, String nodeSchedulerPolicy, String gpuSchedulerPolicy,
                           String webhookFailurePolicy, Duration nodeLockTimeout, int memoryFactor,
                           ResourceNames resourceNames, String schedulerName,
                           boolean forceOverwriteDefaultScheduler, java.util.List<NodeConfigSpec> nodeConfigs,
                           String nodeLockExpire, String gpuCorePolicy, boolean overwriteEnv) {

    public static final String POLICY_IGNORE = "Ignore";
    public static final String POLICY_FAIL = "Fail";

    /** The chart's defaults. */
    public static final HamiSettings DEFAULTS = new HamiSettings(10, 1.0, 1.0, 0, 0, "binpack", "spread",
            POLICY_IGNORE, Duration.ofMinutes(5));

    /** With the chart's memoryFactor, resource names and webhook settings. */
    public HamiSettings(int deviceSplitCount, double deviceMemoryScaling, double deviceCoreScaling, int defaultMem,
                        int defaultCores, String nodeSchedulerPolicy, String gpuSchedulerPolicy,
                        String webhookFailurePolicy, Duration nodeLockTimeout) {
        this(deviceSplitCount, deviceMemoryScaling, deviceCoreScaling, defaultMem, defaultCores, nodeSchedulerPolicy,
                gpuSchedulerPolicy, webhookFailurePolicy, nodeLockTimeout, 1, ResourceNames.DEFAULTS,
                WebhookSettings.DEFAULTS.schedulerName(), WebhookSettings.DEFAULTS.forceOverwriteDefaultScheduler(),
                java.util.List.of(), "", WebhookSettings.DEFAULTS.gpuCorePolicy(),
                WebhookSettings.DEFAULTS.overwriteEnv());
    }

    /** These settings with the extra HAMi values of issue-15's scenario fields. */
    public HamiSettings with(int factor, ResourceNames names, String scheduler, boolean forceOverwrite) {
        return new HamiSettings(deviceSplitCount, deviceMemoryScaling, deviceCoreScaling, defaultMem, defaultCores,
                nodeSchedulerPolicy, gpuSchedulerPolicy, webhookFailurePolicy, nodeLockTimeout, factor, names,
                scheduler, forceOverwrite, nodeConfigs, nodeLockExpire, gpuCorePolicy, overwriteEnv);
    }

    /** These settings with the chart's {@code scheduler.nodeLockExpire} as written (it decides nothing). */
    public HamiSettings withChartNodeLockExpire(String value) {
        return new HamiSettings(deviceSplitCount, deviceMemoryScaling, deviceCoreScaling, defaultMem, defaultCores,
                nodeSchedulerPolicy, gpuSchedulerPolicy, webhookFailurePolicy, nodeLockTimeout, memoryFactor,
                resourceNames, schedulerName, forceOverwriteDefaultScheduler, nodeConfigs, value, gpuCorePolicy,
                overwriteEnv);
    }

    /** These settings with per-node device plugin overrides. */
    public HamiSettings withNodeConfigs(java.util.List<NodeConfigSpec> configs) {
        return new HamiSettings(deviceSplitCount, deviceMemoryScaling, deviceCoreScaling, defaultMem, defaultCores,
                nodeSchedulerPolicy, gpuSchedulerPolicy, webhookFailurePolicy, nodeLockTimeout, memoryFactor,
                resourceNames, schedulerName, forceOverwriteDefaultScheduler, configs, nodeLockExpire, gpuCorePolicy,
                overwriteEnv);
    }

    /** These settings with the webhook's container env settings ({@code gpuCorePolicy}, {@code overwriteEnv}). */
    public HamiSettings withContainerEnv(String corePolicy, boolean overwrite) {
        return new HamiSettings(deviceSplitCount, deviceMemoryScaling, deviceCoreScaling, defaultMem, defaultCores,
                nodeSchedulerPolicy, gpuSchedulerPolicy, webhookFailurePolicy, nodeLockTimeout, memoryFactor,
                resourceNames, schedulerName, forceOverwriteDefaultScheduler, nodeConfigs, nodeLockExpire, corePolicy,
                overwrite);
    }

    /** The override for a worker, if any. */
    public java.util.Optional<NodeConfigSpec> nodeConfig(String worker) {
        return nodeConfigs.stream().filter(c -> c.name().equals(worker)).findFirst();
    }

    /** The webhook's settings (the runtime class stays at the chart's default: none). */
    public WebhookSettings webhookSettings() {
        return new WebhookSettings(schedulerName, forceOverwriteDefaultScheduler, gpuCorePolicy, overwriteEnv,
                WebhookSettings.DEFAULTS.runtimeClassName());
    }

    public HamiSettings {
        nodeConfigs = java.util.List.copyOf(nodeConfigs);
        if (memoryFactor < 1) {
            throw bad("memoryFactor", "must be >= 1, got " + memoryFactor);
        }
        positive(deviceSplitCount, "deviceSplitCount");
        if (!(deviceMemoryScaling > 0)) {
            throw bad("deviceMemoryScaling", "must be > 0, got " + deviceMemoryScaling);
        }
        if (!(deviceCoreScaling > 0)) {
            throw bad("deviceCoreScaling", "must be > 0, got " + deviceCoreScaling);
        }
        if (defaultMem < 0) {
            throw bad("defaultMem", "must be >= 0, got " + defaultMem);
        }
        if (defaultCores < 0 || defaultCores > 100) {
            throw bad("defaultCores", "must be between 0 and 100, got " + defaultCores);
        }
        java.util.Objects.requireNonNull(nodeSchedulerPolicy, "nodeSchedulerPolicy");
        java.util.Objects.requireNonNull(gpuSchedulerPolicy, "gpuSchedulerPolicy");
        requireFailurePolicy(webhookFailurePolicy, "lab.hami.webhookFailurePolicy");
        if (nodeLockTimeout.isNegative() || nodeLockTimeout.isZero()) {
            throw bad("nodeLockTimeout", "must be positive, got " + nodeLockTimeout);
        }
        java.util.Objects.requireNonNull(nodeLockExpire, "nodeLockExpire");
        java.util.Objects.requireNonNull(gpuCorePolicy, "gpuCorePolicy");
    }

    /** Throws unless {@code policy} is {@code Ignore} or {@code Fail}; {@code field} names the place. */
    public static String requireFailurePolicy(String policy, String field) {
        if (!POLICY_IGNORE.equals(policy) && !POLICY_FAIL.equals(policy)) {
            throw new IllegalArgumentException(field + ": must be 'Ignore' or 'Fail', got '" + policy + "'");
        }
        return policy;
    }

    /** The scheduler's view of these settings (defaultGPUNum 1 as in the chart). */
    public SchedulerConfig toSchedulerConfig() {
        return new SchedulerConfig(defaultMem, defaultCores, 1, memoryFactor, deviceSplitCount, deviceMemoryScaling,
                deviceCoreScaling, nodeSchedulerPolicy, gpuSchedulerPolicy, nodeLockTimeout, resourceNames);
    }

    /** The scheduler name HAMi's webhook writes, which its kube-scheduler profile answers to. */
    public String effectiveSchedulerName() {
        return schedulerName.isEmpty() ? WebhookSettings.DEFAULTS.schedulerName() : schedulerName;
    }

    private static void positive(int v, String field) {
        if (v <= 0) {
            throw bad(field, "must be > 0, got " + v);
        }
    }

    private static IllegalArgumentException bad(String field, String what) {
        return new IllegalArgumentException("lab.hami." + field + ": " + what);
    }
}
