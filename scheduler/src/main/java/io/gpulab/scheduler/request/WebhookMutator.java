package io.gpulab.scheduler.request;

import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.ResourceNames;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * HAMi's mutating webhook ({@code MutateAdmission}, HAMi v2.10 pkg/device/nvidia/device.go): validates the memory percentage,
 * adds {@code nvidia.com/gpu} when only memory/cores are limited, defaults exclusive cores ({@code gpucores=100})
 * for whole-card requests, sets the scheduler name and runtime class, and adds the env variables HAMi adds.
 */
public final class WebhookMutator {

    public static final String DEFAULT_SCHEDULER = "default-scheduler";
    /** HAMi's denial of a pod without containers. */
    public static final String NO_CONTAINERS = "pod has no containers";
    /** HAMi's denial of a GPU pod that already names its node. */
    public static final String NODE_ASSIGNED = "pod has node assigned";
    /** HAMi's allow message for a pod meant for another scheduler (left untouched). */
    public static final String OTHER_SCHEDULER = "pod already has different scheduler assigned";

    private WebhookMutator() {
    }

    /**
     * Mutates a pod as HAMi's webhook does. Never throws for bad input: a bad percentage yields
     * {@code allowed=false} with HAMi's error text.
     */
    public static MutationResult mutate(PodInfo pod, @Nullable String schedulerName, @Nullable String runtimeClass,
                                        SchedulerConfig cfg, WebhookSettings settings) {
        return mutate(pod, schedulerName, runtimeClass, null, cfg, settings);
    }

    /**
     * As {@link #mutate(PodInfo, String, String, SchedulerConfig, WebhookSettings)} for a pod whose
     * {@code spec.nodeName} is {@code nodeName} (null or empty = unset). HAMi's {@code Handle} (webhook.go) first
     * denies a pod without containers ({@value #NO_CONTAINERS}), lets a pod for another scheduler through
     * untouched ({@value #OTHER_SCHEDULER}), and, once it has set its scheduler on a GPU pod, denies one that
     * already names a node ({@value #NODE_ASSIGNED}): such a pod would bypass the scheduler's card choice.
     */
    public static MutationResult mutate(PodInfo pod, @Nullable String schedulerName, @Nullable String runtimeClass,
                                        @Nullable String nodeName, SchedulerConfig cfg, WebhookSettings settings) {
        if (pod.containers().isEmpty()) {
            return MutationResult.denied(NO_CONTAINERS, pod, schedulerName, runtimeClass);
        }
        if (schedulerName != null && !schedulerName.isEmpty()
                && (!DEFAULT_SCHEDULER.equals(schedulerName) || !settings.forceOverwriteDefaultScheduler())
                && (settings.schedulerName().isEmpty() || !schedulerName.equals(settings.schedulerName()))) {
            return new MutationResult(true, OTHER_SCHEDULER, pod, List.of(), schedulerName, runtimeClass);
        }
        MutationResult r = mutateContainers(pod, schedulerName, runtimeClass, cfg, settings);
        if (r.allowed() && r.hasResource() && !settings.schedulerName().isEmpty()
                && nodeName != null && !nodeName.isEmpty()) {
            return MutationResult.denied(NODE_ASSIGNED, pod, schedulerName, runtimeClass);
        }
        return r;
    }

    private static MutationResult mutateContainers(PodInfo pod, @Nullable String schedulerName,
                                                   @Nullable String runtimeClass, SchedulerConfig cfg,
                                                   WebhookSettings settings) {
        List<ContainerMutation> changes = new ArrayList<>();
        List<ContainerResources> inits = new ArrayList<>();
        List<ContainerResources> apps = new ArrayList<>();
        for (int i = 0; i < pod.initContainers().size() + pod.containers().size(); i++) {
            boolean init = i < pod.initContainers().size();
            ContainerResources c = init ? pod.initContainers().get(i)
                    : pod.containers().get(i - pod.initContainers().size());
            String error = validatePercentage(c, cfg.resourceNames().memPercentage());
            if (error != null) {
                return new MutationResult(false, error, pod, List.of(), schedulerName, runtimeClass);
            }
            Map<String, String> limits = new LinkedHashMap<>(c.limits());
            Map<String, String> addedLimits = new LinkedHashMap<>();
            Map<String, String> env = new LinkedHashMap<>();
            boolean has = mutateContainer(c, limits, addedLimits, env, cfg, settings);
            (init ? inits : apps).add(new ContainerResources(c.name(), limits, c.requests()));
            changes.add(new ContainerMutation(c.name(), addedLimits, env, has));
        }
        PodInfo mutated = new PodInfo(pod.namespace(), pod.name(), pod.annotations(), pod.labels(), inits, apps);
        boolean any = changes.stream().anyMatch(ContainerMutation::hasResource);
        if (!any) {
            return new MutationResult(true, "no resource found", mutated, changes, schedulerName, runtimeClass);
        }
        String newRuntime = runtimeClass == null && !settings.runtimeClassName().isEmpty()
                ? settings.runtimeClassName() : runtimeClass;
        return new MutationResult(true, null, mutated, changes, newScheduler(schedulerName, settings), newRuntime);
    }

    private static @Nullable String newScheduler(@Nullable String current, WebhookSettings s) {
        if (s.schedulerName().isEmpty()) {
            return current;
        }
        if (current == null || current.isEmpty()
                || (DEFAULT_SCHEDULER.equals(current) && s.forceOverwriteDefaultScheduler())) {
            return s.schedulerName();
        }
        return current;
    }

    private static @Nullable String validatePercentage(ContainerResources c, String pctName) {
        String pct = RequestParser.value(c, pctName);
        if (pct == null) {
            return null;
        }
        OptionalLong v = Quantity.asInt64(pct);
        if (v.isEmpty() || v.getAsLong() < 0 || v.getAsLong() > 100) {
            return "invalid " + pctName + " value " + pct + " in container " + c.name()
                    + ": must be an integer between 0 and 100";
        }
        return null;
    }

    private static boolean mutateContainer(ContainerResources c, Map<String, String> limits,
                                           Map<String, String> addedLimits, Map<String, String> env,
                                           SchedulerConfig cfg, WebhookSettings settings) {
        ResourceNames names = cfg.resourceNames();
        String priority = c.limits().get(names.priority());
        if (priority != null) {
            env.put("CUDA_TASK_PRIORITY", priority);
        }
        if (!settings.gpuCorePolicy().isEmpty() && !"default".equals(settings.gpuCorePolicy())) {
            env.put("GPU_CORE_UTILIZATION_POLICY", settings.gpuCorePolicy());
        }
        boolean has = limits.containsKey(names.gpu());
        if (!has && cfg.defaultGpuNum() > 0 && (limits.containsKey(names.cores())
                || limits.containsKey(names.memory()) || limits.containsKey(names.memPercentage()))) {
            set(limits, addedLimits, names.gpu(), Integer.toString(cfg.defaultGpuNum()));
            has = true;
        }
        // defaultExclusiveCoreIfNeeded: an empty count or core name disables it; an empty memory name (the chart's
        // resourceMem: "") makes every request without a percentage a whole card
        boolean gpuPresent = !names.gpu().isEmpty()
                && (limits.containsKey(names.gpu()) || c.requests().containsKey(names.gpu()));
        boolean coresPresent = names.cores().isEmpty() || limits.containsKey(names.cores())
                || c.requests().containsKey(names.cores());
        String pct = names.memPercentage().isEmpty() ? null : RequestParser.value(c, names.memPercentage());
        boolean memPresent = !names.memory().isEmpty() && RequestParser.value(c, names.memory()) != null;
        boolean wholeCard = (pct != null && Quantity.asInt64(pct).orElse(-1) == 100) || (!memPresent && pct == null);
        if (gpuPresent && !coresPresent && wholeCard) {
            set(limits, addedLimits, names.cores(), "100");
        }
        if (!has && settings.overwriteEnv()) {
            env.put("NVIDIA_VISIBLE_DEVICES", "none");
        }
        return has;
    }

    private static void set(Map<String, String> limits, Map<String, String> added, String key, String value) {
        limits.put(key, value);
        added.put(key, value);
    }
}
