package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.DeviceUsage;

/**
 * HAMi's per-card score for one container ({@code ComputeScore}, float32): fill of slots, cores and memory
 * after adding the request, weighted, times 10. The request counts only when its type equals the card's
 * type exactly (so with real type strings like {@code NVIDIA A100-SXM4-80GB} only existing usage counts).
 */
public final class DeviceScorer {

    private DeviceScorer() {
    }

    /** The score of {@code d} for request {@code k}. */
    public static float score(DeviceUsage d, ContainerDeviceRequest k, ScoringWeights w) {
        return score(d.info().count(), d.info().devMem(), d.info().devCore(), d.info().type(), d.usedSlots(),
                d.usedMem(), d.usedCores(), k, w);
    }

    static float score(WorkDevice d, ContainerDeviceRequest k, ScoringWeights w) {
        return score(d.info.count(), d.info.devMem(), d.info.devCore(), d.info.type(), d.usedSlots, d.usedMem,
                d.usedCores, k, w);
    }

    /** The fills behind {@link #score(DeviceUsage, ContainerDeviceRequest, ScoringWeights)} on a work copy. */
    static FilterWhy.Terms terms(WorkDevice d, ContainerDeviceRequest k) {
        boolean counted = k.type().equals(d.info.type());
        int count = d.info.count();
        int totalMem = d.info.devMem();
        int totalCores = d.info.devCore();
        if (count == 0 || totalCores == 0 || totalMem == 0) {
            return new FilterWhy.Terms(0f, 0f, 0f, counted);
        }
        int pct = k.memPercentReq();
        int mem = !counted ? 0 : pct != 0 && pct != ContainerDeviceRequest.PERCENT_UNSET
                ? (int) ((long) totalMem * pct / 100) : k.memReq();
        return new FilterWhy.Terms((float) ((counted ? 1 : 0) + d.usedSlots) / (float) count,
                (float) ((counted ? k.coresReq() : 0) + d.usedCores) / (float) totalCores,
                (float) (mem + d.usedMem) / (float) totalMem, counted);
    }

    private static float score(int count, int totalMem, int totalCores, String type, int usedSlots, int usedMem,
                               int usedCores, ContainerDeviceRequest k, ScoringWeights w) {
        if (count == 0 || totalCores == 0 || totalMem == 0) {
            return 0f;
        }
        int req = 0;
        int core = 0;
        int mem = 0;
        if (k.type().equals(type)) {
            req = 1;
            core = k.coresReq();
            int pct = k.memPercentReq();
            mem = pct != 0 && pct != ContainerDeviceRequest.PERCENT_UNSET
                    ? (int) ((long) totalMem * pct / 100) : k.memReq();
        }
        float slot = (float) (req + usedSlots) / (float) count;
        float coreS = (float) (core + usedCores) / (float) totalCores;
        float memS = (float) (mem + usedMem) / (float) totalMem;
        return 10f * ((float) w.slot() * slot + (float) w.core() * coreS + (float) w.memory() * memS);
    }
}
