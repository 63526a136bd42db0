package io.gpulab.engine.lab;

import io.gpulab.scheduler.model.ResourceNames;
import io.gpulab.scheduler.request.Quantity;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The GPU limits HAMi reads from ResourceQuotas (HAMi v2.10 pkg/device/quota.go): per namespace the {@code spec.hard} keys
 * {@code limits.<memory resource>} and {@code limits.<cores resource>}. When several ResourceQuotas of one
 * namespace name a key, the later one wins, as in HAMi's quota cache where each informer update overwrites the
 * namespace's limit. Shared by every backend so the sim and a real cluster read quotas alike.
 */
public final class QuotaLimits {

    private QuotaLimits() {
    }

    /** Per namespace {memory limit or null, cores limit or null}; namespaces without either are left out. */
    public static Map<String, Long[]> of(List<QuotaSpec> quotas, ResourceNames names) {
        Map<String, Long[]> out = new TreeMap<>();
        for (QuotaSpec q : quotas) {
            Long mem = amount(q.hard().get("limits." + names.memory()));
            Long cores = amount(q.hard().get("limits." + names.cores()));
            if (mem == null && cores == null) {
                continue;
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

    /**
     * A {@code spec.hard} quantity as a whole number, rounded up like Kubernetes' {@code Value()} ({@code 1.5} is 2,
     * {@code 500m} is 1), or null when it is not a quantity. Past the 64-bit milli-value bound that gpulab's readers
     * refuse ({@link Quantity#MAX_AMOUNT}), which only a live cluster's quota can reach, the limit is held at that
     * bound (rounded up like any other): larger than any use it limits, never wrapped (Kubernetes'
     * {@code Value()}, which HAMi reads, would wrap it).
     */
    public static @Nullable Long amount(@Nullable String quantity) {
        if (quantity == null) {
            return null;
        }
        BigDecimal v;
        try {
            v = io.fabric8.kubernetes.api.model.Quantity.parse(quantity).getNumericalAmount();
        } catch (RuntimeException e) {
            return null;
        }
        return v.min(Quantity.MAX_AMOUNT).setScale(0, RoundingMode.CEILING).longValueExact();
    }
}
