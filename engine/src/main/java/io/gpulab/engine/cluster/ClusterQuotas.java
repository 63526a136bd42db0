package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ResourceQuota;
import io.gpulab.engine.api.QuotaView;
import io.gpulab.engine.lab.QuotaLimits;
import io.gpulab.engine.lab.QuotaSpec;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.filter.QuotaState;
import io.gpulab.scheduler.model.PodDevices;
import io.gpulab.scheduler.model.SchedulerConfig;
import io.gpulab.scheduler.usage.DeviceShare;
import io.gpulab.scheduler.usage.PodUsage;
import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A live tenant's GPU quotas as HAMi's scheduler sees them: the ResourceQuotas' {@code limits.<memory>} and
 * {@code limits.<cores>} keys ({@link QuotaLimits}, as for a simulated lab) against the collapsed per-card use of
 * every pod HAMi caches ({@code hami.io/vgpu-node} set, not Succeeded/Failed), per namespace.
 */
final class ClusterQuotas {

    private ClusterQuotas() {
    }

    static List<QuotaSpec> specs(List<ResourceQuota> quotas) {
        List<QuotaSpec> out = new ArrayList<>();
        for (ResourceQuota q : quotas) {
            Map<String, String> hard = new HashMap<>();
            if (q.getSpec() != null && q.getSpec().getHard() != null) {
                q.getSpec().getHard().forEach((k, v) -> hard.put(k, v.toString()));
            }
            try {
                out.add(new QuotaSpec(q.getMetadata().getName(), q.getMetadata().getNamespace() == null ? "default"
                        : q.getMetadata().getNamespace(), hard));
            } catch (IllegalArgumentException e) {
                // a name the lab cannot hold cannot come from a real API server; skip rather than fail a view
            }
        }
        return out;
    }

    /** Per namespace {usedMem, usedCores} over the pods HAMi caches, excluding {@code excludePod}. */
    static Map<String, long[]> usage(List<Pod> pods, String excludePod) {
        Map<String, long[]> used = new TreeMap<>();
        for (Pod p : pods) {
            String phase = p.getStatus() == null ? "" : String.valueOf(p.getStatus().getPhase());
            if (PodDecoder.annotations(p).get(HamiAnnotations.VGPU_NODE) == null || "Succeeded".equals(phase)
                    || "Failed".equals(phase) || TenantAssembler.podKey(p).equals(excludePod)) {
                continue;
            }
            PodDevices devices = PodDecoder.allocated(p).orElse(PodDevices.empty());
            long[] u = used.computeIfAbsent(String.valueOf(p.getMetadata().getNamespace()), k -> new long[2]);
            for (DeviceShare s : PodUsage.collapse(devices, PodDecoder.initCount(p))) {
                u[0] += s.mem();
                u[1] += s.cores();
            }
        }
        return used;
    }

    /** For display, as for a simulated lab: the tenant's resource names, the memory limit x memoryFactor. */
    static List<QuotaView> views(List<ResourceQuota> quotas, List<Pod> pods, SchedulerConfig cfg) {
        Map<String, long[]> used = usage(pods, "");
        List<QuotaView> out = new ArrayList<>();
        QuotaLimits.of(specs(quotas), cfg.resourceNames()).forEach((ns, l) -> {
            long[] u = used.getOrDefault(ns, new long[2]);
            out.add(new QuotaView(ns, u[0], l[0] == null ? null : l[0] * Math.max(1, cfg.memoryFactor()), u[1], l[1]));
        });
        return out;
    }

    /**
     * HAMi's quota state for a filter, or null when no namespace has a GPU quota: the keys are
     * {@code limits.<the tenant's resourceMem>} and {@code limits.<resourceCores>}, the memory limit x memoryFactor.
     */
    static @Nullable QuotaState state(List<ResourceQuota> quotas, List<Pod> pods, String excludePod,
                                      SchedulerConfig cfg) {
        Map<String, Long[]> limits = QuotaLimits.of(specs(quotas), cfg.resourceNames());
        if (limits.isEmpty()) {
            return null;
        }
        Map<String, long[]> used = usage(pods, excludePod);
        Map<String, QuotaState.NamespaceQuota> ns = new HashMap<>();
        limits.forEach((n, l) -> {
            long[] u = used.getOrDefault(n, new long[2]);
            ns.put(n, new QuotaState.NamespaceQuota(l[0], l[1], u[0], u[1]));
        });
        return new QuotaState(ns, cfg.memoryFactor());
    }
}
