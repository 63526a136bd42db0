package io.gpulab.scheduler.bench;

import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;

/**
 * Upper bounds of what one node could still give a single container. Cards are grouped by core level (the
 * request's cores decide which cards could pass HAMi's core, compute-exhausted and exclusivity checks); per
 * level the node keeps how many healthy NVIDIA cards with a free slot qualify and the {@value #TOP} largest
 * free MB and free percentages among them. A node failing {@link #mayFit} cannot fit the request; passing is
 * only necessary, the real Fit decides. Bounds combine over subtrees by element-wise max.
 */
final class NodeSummary {

    static final int TOP = 2;
    /** Core levels; level 0 means "cores == 0" (card not compute-exhausted), -1 means "no core constraint". */
    private static final int[] LEVELS = {-1, 0, 1, 5, 10, 20, 30, 50, 100};
    private static final int PER_LEVEL = 1 + 2 * TOP;
    static final int FIELDS = LEVELS.length * PER_LEVEL + 1;
    private static final int NVIDIA = FIELDS - 1;

    private NodeSummary() {
    }

    /** Writes the node's bounds into {@code out[0..FIELDS)}. */
    static void of(NodeInfo node, int[] out) {
        java.util.Arrays.fill(out, -1);
        int nv = 0;
        for (int l = 0; l < LEVELS.length; l++) {
            out[l * PER_LEVEL] = 0;
        }
        for (DeviceUsage d : node.devices()) {
            if (!isNvidia(d.info().type())) {
                continue;
            }
            nv++;
            if (!d.info().health() || d.usedSlots() >= d.info().count()) {
                continue;
            }
            int freeMem = d.info().devMem() - d.usedMem();
            int pct = maxPercent(d.info().devMem(), freeMem);
            for (int l = 0; l < LEVELS.length; l++) {
                if (qualifies(d, LEVELS[l])) {
                    int base = l * PER_LEVEL;
                    out[base]++;
                    insertTop(out, base + 1, freeMem);
                    insertTop(out, base + 1 + TOP, pct);
                }
            }
        }
        out[NVIDIA] = nv;
    }

    private static boolean qualifies(DeviceUsage d, int level) {
        int total = d.info().devCore();
        int free = total - d.usedCores();
        if (level < 0) {
            return true;
        }
        if (level == 0) {
            return free >= 0 && !(total != 0 && d.usedCores() == total);
        }
        if (level == 100 && total == 100 && d.usedSlots() > 0) {
            return false;
        }
        return free >= level;
    }

    private static void insertTop(int[] out, int from, int v) {
        for (int i = from; i < from + TOP; i++) {
            if (v > out[i]) {
                int t = out[i];
                out[i] = v;
                v = t;
            }
        }
    }

    /** The largest percentage p (0..100) with {@code floor(total*p/100) <= free}; -1 if none. */
    static int maxPercent(int total, int free) {
        if (free < 0) {
            return -1;
        }
        if (total <= 0) {
            return 100;
        }
        return (int) Math.min(100, (100L * (free + 1) - 1) / total);
    }

    static boolean mayFit(int[] v, int off, ContainerDeviceRequest k) {
        int nums = k.nums();
        if (v[off + NVIDIA] < nums) {
            return false;
        }
        int base = off + level(k.coresReq()) * PER_LEVEL;
        if (v[base] < nums) {
            return false;
        }
        int kth = Math.min(nums, TOP) - 1;
        if (k.memReq() > 0) {
            return v[base + 1 + kth] >= k.memReq();
        }
        // Fit uses the percentage only when memReq is exactly 0 (a negative default leaves memreq at 0)
        if (k.memReq() == 0 && k.memPercentReq() != ContainerDeviceRequest.PERCENT_UNSET) {
            return v[base + 1 + TOP + kth] >= k.memPercentReq();
        }
        return true;
    }

    /** The strictest level every card passing HAMi's core checks for {@code cores} belongs to. */
    private static int level(int cores) {
        if (cores < 0) {
            return 0;
        }
        int c = Math.min(cores, 100);
        int l = 0;
        for (int i = 1; i < LEVELS.length; i++) {
            if (LEVELS[i] <= c) {
                l = i;
            }
        }
        return l;
    }

    private static boolean isNvidia(String type) {
        int max = type.length() - 6;
        for (int i = 0; i <= max; i++) {
            if (type.regionMatches(true, i, "nvidia", 0, 6)) {
                return true;
            }
        }
        return false;
    }
}
