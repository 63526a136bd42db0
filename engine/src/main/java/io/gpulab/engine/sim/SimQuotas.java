package io.gpulab.engine.sim;

import io.gpulab.engine.lab.QuotaSpec;
import io.gpulab.scheduler.filter.QuotaState;
import io.gpulab.scheduler.model.ResourceNames;
import io.gpulab.scheduler.usage.DeviceShare;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * HAMi's quota view of one tenant (spec/hami.md section 6): per namespace the {@code spec.hard} keys
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
        Map<String, Long[]> out = new TreeMap<>();
        for (QuotaSpec q : quotas) {
            Long mem = amount(q.hard().get("limits." + names.memory()));
            Long cores = amount(q.hard().get("limits." + names.cores()));
            if (mem == null && cores == null) {
                continue;   // a quota HAMi does not track (e.g. only pods or cpu)
            }
            Long[] l = out.computeIfAbsent(q.namespace(), k -> new Long[2]);
            if (mem != null) {
                l[0] = mem;
            }
            if (cores != null) {
                l[1] = cores;
            }
        }
        return out;
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

    /** A {@code spec.hard} quantity as a whole number (rounded up like Kubernetes' Value()), or null. */
    static @Nullable Long amount(@Nullable String quantity) {
        if (quantity == null) {
            return null;
        }
        BigDecimal v = io.fabric8.kubernetes.api.model.Quantity.parse(quantity).getNumericalAmount();
        return v.setScale(0, RoundingMode.CEILING).longValue();
    }
}
