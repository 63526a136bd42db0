package io.gpulab.engine.sim;

import java.util.Arrays;
import java.util.List;

/**
 * Which of a tenant's nodes kube-scheduler's {@link NodeResourcesFit} rejects for one pod's CPU, memory and pod
 * count, as a bit mask per node index (scratch space reused pod after pod). Reasons come from the mask, so a pass
 * over thousands of nodes allocates nothing per node.
 */
final class KubeScan {

    static final int PODS = 1;
    static final int CPU = 2;
    static final int MEMORY = 4;
    private static final String[] REASONS = new String[8];
    private static final List<List<String>> REASON_LISTS = new java.util.ArrayList<>();

    static {
        for (int m = 1; m < 8; m++) {
            StringBuilder sb = new StringBuilder();
            if ((m & PODS) != 0) {
                sb.append(NodeResourcesFit.TOO_MANY_PODS);
            }
            if ((m & CPU) != 0) {
                sb.append(sb.length() > 0 ? ", " : "").append(NodeResourcesFit.INSUFFICIENT_CPU);
            }
            if ((m & MEMORY) != 0) {
                sb.append(sb.length() > 0 ? ", " : "").append(NodeResourcesFit.INSUFFICIENT_MEMORY);
            }
            REASONS[m] = sb.toString();
        }
        REASON_LISTS.add(List.of());
        for (int m = 1; m < 8; m++) {
            REASON_LISTS.add(List.of(REASONS[m].split(", ")));
        }
    }

    private int[] masks = new int[0];
    /** No node fails and {@link #masks} is stale: set by {@link #none} instead of clearing thousands of masks a pod. */
    private boolean clear;
    private int failing;
    /** Each node's free CPU and memory and pod count by node index, kept in step with the nodes (a tight scan). */
    private long[] freeCpu = new long[0];
    private long[] freeMemory = new long[0];
    private int[] pods = new int[0];
    private int nodes;

    /** A node joined the tenant (its index is the next one). */
    void add(SimNode n) {
        if (nodes == freeCpu.length) {
            int size = Math.max(16, nodes * 2);
            freeCpu = Arrays.copyOf(freeCpu, size);
            freeMemory = Arrays.copyOf(freeMemory, size);
            pods = Arrays.copyOf(pods, size);
        }
        nodes++;
        update(n);
    }

    /** The node's requests changed. */
    void update(SimNode n) {
        freeCpu[n.index] = n.freeCpuMilli();
        freeMemory[n.index] = n.freeMemoryBytes();
        pods[n.index] = n.podCount;
    }

    /** Marks the nodes that fail; returns how many do. */
    int scan(HostRequests r) {
        int n = nodes;
        if (masks.length != n) {
            masks = new int[n];
        }
        long cpu = r.cpuMilli();
        long mem = r.memoryBytes();
        int count = 0;
        for (int i = 0; i < n; i++) {
            int m = mask(pods[i], freeCpu[i], freeMemory[i], cpu, mem);
            masks[i] = m;
            count += m == 0 ? 0 : 1;
        }
        failing = count;
        clear = false;
        return count;
    }

    /** The node's reasons as a mask for these requests, as {@link #scan} finds them. */
    static int mask(SimNode n, HostRequests r) {
        return mask(n.podCount, n.freeCpuMilli(), n.freeMemoryBytes(), r.cpuMilli(), r.memoryBytes());
    }

    private static int mask(int podCount, long freeCpu, long freeMemory, long cpu, long mem) {
        int m = podCount + 1 > NodeResourcesFit.MAX_PODS ? PODS : 0;
        if (cpu > 0 && cpu > freeCpu) {
            m |= CPU;
        }
        if (mem > 0 && mem > freeMemory) {
            m |= MEMORY;
        }
        return m;
    }

    /** Nothing fails (a pod with no CPU or memory request on a lab whose nodes all have room for another pod). */
    void none() {
        clear = true;
        failing = 0;
    }

    int failing() {
        return failing;
    }

    int mask(int index) {
        return clear ? 0 : masks[index];
    }

    boolean fails(int index) {
        return !clear && masks[index] != 0;
    }

    /** The node's reasons one by one (kube's FitError counts each). */
    static List<String> reasonList(int mask) {
        return REASON_LISTS.get(mask);
    }

    /** The node's reasons as kube joins them, e.g. {@code Insufficient cpu, Insufficient memory}. */
    static String reasons(int mask) {
        return REASONS[mask];
    }
}
