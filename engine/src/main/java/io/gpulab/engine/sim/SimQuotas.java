package io.gpulab.engine.sim;

import io.gpulab.engine.lab.QuotaSpec;
import io.gpulab.scheduler.filter.QuotaState;
import io.gpulab.scheduler.model.ResourceNames;
import io.gpulab.scheduler.usage.DeviceShare;
import org.jspecify.annotations.Nullable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * HAMi's quota view of one tenant (HAMi v2.10 pkg/device/quota.go): per namespace the {@code spec.hard} keys
 * {@code limits.<memory resource>} and {@code limits.<cores resource>} of its ResourceQuotas, and what the pods in
 * HAMi's cache (every pod holding a reservation) use, summed from their collapsed per-card shares. When a
 * namespace has several ResourceQuotas naming one key, the later one in scenario order wins, as in HAMi's quota
 * cache where each informer update overwrites the namespace's limit.
 */
final class SimQuotas {

    private SimQuotas() {
    }

    /** The limits per namespace: {memMB or null, cores or null}. */
    static Map<String, Long[]> limits(List<QuotaSpec> quotas, ResourceNames names) {
        return io.gpulab.engine.lab.QuotaLimits.of(quotas, names);
    }

    /** HAMi's state for a tenant, or null when no namespace of it has a quota HAMi tracks. */
    static @Nullable QuotaState state(SimTenant t, ResourceNames names, int memoryFactor) {
        Map<String, Long[]> limits = limits(t.quotas, names);
        if (limits.isEmpty()) {
            return null;
        }
        Map<String, long[]> used = usage(t);
        Map<String, QuotaState.NamespaceQuota> ns = new HashMap<>();
        limits.forEach((n, l) -> {
            long[] u = used.getOrDefault(n, new long[2]);
            ns.put(n, new QuotaState.NamespaceQuota(l[0], l[1], u[0], u[1]));
        });
        return new QuotaState(ns, memoryFactor);
    }

    /** The namespaces with a GPU quota, for display: limits (memory x memoryFactor) and use. */
    static List<io.gpulab.engine.api.QuotaView> views(SimTenant t, ResourceNames names, int memoryFactor) {
        Map<String, long[]> used = usage(t);
        List<io.gpulab.engine.api.QuotaView> out = new java.util.ArrayList<>();
        limits(t.quotas, names).forEach((ns, l) -> {
            long[] u = used.getOrDefault(ns, new long[2]);
            out.add(new io.gpulab.engine.api.QuotaView(ns, u[0], l[0] == null ? null : l[0] * Math.max(1, memoryFactor),
                    u[1], l[1]));
        });
        return out;
    }

    /** Per namespace {usedMem, usedCores} over the pods HAMi has cached (those holding a reservation). */
    static Map<String, long[]> usage(SimTenant t) {
        Map<String, long[]> used = new TreeMap<>();
        for (SimPod p : t.pods.values()) {
            if (p.reservedOn == null) {
                continue;
            }
            long[] u = used.computeIfAbsent(p.namespace(), k -> new long[2]);
            for (DeviceShare s : p.reservation) {
                u[0] += s.mem();
                u[1] += s.cores();
            }
        }
        return used;
    }

    /** The state with {@code p}'s own use taken out (a re-filter never counts the pod's own reservation). */
    static QuotaState without(QuotaState q, SimPod p) {
        QuotaState.NamespaceQuota n = q.namespaces().get(p.namespace());
        if (n == null) {
            return q;
        }
        long mem = 0;
        long cores = 0;
        for (DeviceShare s : p.reservation) {
            mem += s.mem();
            cores += s.cores();
        }
        Map<String, QuotaState.NamespaceQuota> ns = new HashMap<>(q.namespaces());
        ns.put(p.namespace(), new QuotaState.NamespaceQuota(n.memLimit(), n.coresLimit(), n.usedMem() - mem,
                n.usedCores() - cores));
        return new QuotaState(ns, q.memoryFactor());
    }
}
