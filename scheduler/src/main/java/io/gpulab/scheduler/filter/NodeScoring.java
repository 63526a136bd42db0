package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.DeviceUsage;
import java.util.List;

/**
 * HAMi's node score ({@code ComputeDefaultScore}, float32) over all cards of the node, existing usage only:
 * {@code 10 * (used/total + usedCores/totalCores + usedMem/totalMem)}. The NVIDIA backend adds 0.
 */
public final class NodeScoring {

    private NodeScoring() {
    }

    public static float score(List<DeviceUsage> devices) {
        FilterWhy.Usage u = usage(devices);
        return score(u.usedSlots(), u.usedCores(), u.usedMemMB(), u.slots(), u.cores(), u.memMB());
    }

    /** The sums the score is taken on: used and total slots, cores and memory over all the node's cards. */
    static FilterWhy.Usage usage(List<DeviceUsage> devices) {
        int used = 0;
        int usedCore = 0;
        int usedMem = 0;
        int total = 0;
        int totalCore = 0;
        int totalMem = 0;
        for (DeviceUsage d : devices) {
            used += d.usedSlots();
            usedCore += d.usedCores();
            usedMem += d.usedMem();
            total += d.info().count();
            totalCore += d.info().devCore();
            totalMem += d.info().devMem();
        }
        return new FilterWhy.Usage(used, total, usedCore, totalCore, usedMem, totalMem);
    }

    /** The formula on precomputed sums. */
    public static float score(int used, int usedCore, int usedMem, int total, int totalCore, int totalMem) {
        if (total == 0 || totalCore == 0 || totalMem == 0) {
            return 0f;
        }
        return 10f * ((float) used / (float) total + (float) usedCore / (float) totalCore
                + (float) usedMem / (float) totalMem);
    }
}
