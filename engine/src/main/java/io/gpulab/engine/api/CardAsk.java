package io.gpulab.engine.api;

import io.gpulab.scheduler.model.ContainerDeviceRequest;

import java.util.List;

/** What the pod asks of a card: the largest request among its containers ({@code known}: the request was read). */
record CardAsk(int nums, int memMB, int pct, int cores, boolean known) {

    static CardAsk of(List<ContainerDeviceRequest> requests) {
        int nums = 0;
        int mem = 0;
        int pct = 0;
        int cores = 0;
        for (ContainerDeviceRequest r : requests) {
            if (r.isEmpty()) {
                continue;
            }
            nums = Math.max(nums, r.nums());
            if (r.memReq() > 0) {
                mem = Math.max(mem, r.memReq());
            } else if (r.memPercentReq() != ContainerDeviceRequest.PERCENT_UNSET) {
                pct = Math.max(pct, r.memPercentReq());
            }
            cores = Math.max(cores, Math.min(r.coresReq(), 100));
        }
        return new CardAsk(nums, mem, pct, cores, nums > 0);
    }

    String memory() {
        if (!known) {
            return "its share of the memory";
        }
        if (memMB > 0) {
            return PlainReasons.num(memMB) + " MB";
        }
        return pct >= 100 ? "a whole card's memory (100 %)" : pct + " % of a card's memory";
    }

    String cards() {
        return !known ? "several cards" : nums + (nums == 1 ? " card" : " cards");
    }

    String coreShare() {
        return known ? cores + " %" : "its share";
    }
}
