package io.gpulab.engine.sim;

import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.PodInfo;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A pod's CPU and memory request as kube-scheduler computes it ({@code computePodResourceRequest}): per container
 * {@code requests}, defaulting to {@code limits} as the API server does; summed over app containers, then the
 * larger of that and each init container. CPU in millicores ({@code MilliValue}, rounded up), memory in bytes
 * ({@code Value}, rounded up).
 */
record HostRequests(long cpuMilli, long memoryBytes) {

    static final HostRequests NONE = new HostRequests(0, 0);
    private static final BigDecimal HUGE = BigDecimal.valueOf(Long.MAX_VALUE >> 8);

    static HostRequests of(PodInfo pod) {
        long cpu = 0;
        long mem = 0;
        for (ContainerResources c : pod.containers()) {
            cpu += amount(c, "cpu", 1000);
            mem += amount(c, "memory", 1);
        }
        for (ContainerResources c : pod.initContainers()) {
            cpu = Math.max(cpu, amount(c, "cpu", 1000));
            mem = Math.max(mem, amount(c, "memory", 1));
        }
        return cpu == 0 && mem == 0 ? NONE : new HostRequests(cpu, mem);
    }

    boolean none() {
        return cpuMilli == 0 && memoryBytes == 0;
    }

    /** Memory in MiB, rounded up (what a worker's {@code memoryMiB} is compared with). */
    long memoryMiB() {
        return (memoryBytes + (1 << 20) - 1) >> 20;
    }

    private static long amount(ContainerResources c, String resource, int scale) {
        String q = c.requests().get(resource);
        if (q == null) {
            q = c.limits().get(resource);
        }
        if (q == null) {
            return 0;
        }
        if (q.endsWith("Mi") && plainDigits(q, 2)) {
            // the common form of a trace ("16384Mi") without BigDecimal
            return Long.parseLong(q.substring(0, q.length() - 2)) * (1L << 20) * scale;
        }
        if (q.endsWith("m") && plainDigits(q, 1)) {
            return ceilDiv(Long.parseLong(q.substring(0, q.length() - 1)) * scale, 1000);
        }
        BigDecimal v = PodManifests.amount(q).multiply(BigDecimal.valueOf(scale));
        // beyond any node: kept finite so sums cannot overflow
        return v.min(HUGE).setScale(0, RoundingMode.CEILING).longValue();
    }

    private static boolean plainDigits(String q, int suffix) {
        int n = q.length() - suffix;
        if (n < 1 || n > 12) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char ch = q.charAt(i);
            if (ch < '0' || ch > '9') {
                return false;
            }
        }
        return true;
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
