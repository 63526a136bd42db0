package io.gpulab.engine.lab;

import io.fabric8.kubernetes.api.model.Quantity;
import org.jspecify.annotations.Nullable;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A container's or a pod's CPU and memory request as kube-scheduler counts it: CPU in millicores
 * ({@code MilliValue}, rounded up), memory in bytes ({@code Value}, rounded up).
 */
public record PodResources(long cpuMilli, long memoryBytes) {

    public static final PodResources NONE = new PodResources(0, 0);

    public PodResources {
        if (cpuMilli < 0 || memoryBytes < 0) {
            throw new IllegalArgumentException("requests must be >= 0, got cpu " + cpuMilli + "m, memory "
                    + memoryBytes);
        }
    }

    /**
     * The request of Kubernetes quantities, either of which may be absent.
     *
     * @throws IllegalArgumentException naming the quantity that does not parse or is negative
     */
    public static PodResources of(@Nullable String cpu, @Nullable String memory) {
        return new PodResources(scaled(cpu, "cpu", 1000), scaled(memory, "memory", 1));
    }

    public PodResources plus(PodResources o) {
        return new PodResources(cpuMilli + o.cpuMilli, memoryBytes + o.memoryBytes);
    }

    public PodResources times(int n) {
        return new PodResources(cpuMilli * n, memoryBytes * n);
    }

    public boolean none() {
        return cpuMilli == 0 && memoryBytes == 0;
    }

    /** Memory in MiB, rounded up. */
    public long memoryMiB() {
        return (memoryBytes + (1 << 20) - 1) >> 20;
    }

    /** {@code 250m, 512Mi} (what the views show); {@code none} for a pod without requests. */
    public String text() {
        if (none()) {
            return "none";
        }
        String mem = memoryBytes % (1 << 20) == 0 ? (memoryBytes >> 20) + "Mi" : memoryBytes + "";
        return cpuMilli + "m, " + mem;
    }

    private static long scaled(@Nullable String q, String what, int scale) {
        if (q == null) {
            return 0;
        }
        BigDecimal v;
        try {
            v = Quantity.parse(q).getNumericalAmount();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(what + ": \"" + q + "\" is not a Kubernetes quantity");
        }
        if (v.signum() < 0) {
            throw new IllegalArgumentException(what + ": must be >= 0, got " + q);
        }
        // beyond any node: kept finite so sums cannot overflow
        return v.multiply(BigDecimal.valueOf(scale)).min(BigDecimal.valueOf(Long.MAX_VALUE >> 8))
                .setScale(0, RoundingMode.CEILING).longValue();
    }
}
