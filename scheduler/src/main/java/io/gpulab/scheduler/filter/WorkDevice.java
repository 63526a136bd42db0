package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.MigPlacement;
import java.util.ArrayList;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import java.util.List;

/**
 * A mutable copy of one card's usage for one filter evaluation (HAMi's {@code DeviceListsScore}): a node copy
 * is sorted and charged in place, exactly as HAMi mutates its node copy between containers.
 */
final class WorkDevice {

    final DeviceInfo info;
    int usedSlots;
    int usedMem;
    int usedCores;
    float score;
    /** MIG instances in use on the card (empty unless it is in {@code mig} mode). */
    final List<MigPlacement> migInUse;

    WorkDevice(DeviceUsage u) {
        this.info = u.info();
        this.usedSlots = u.usedSlots();
        this.usedMem = u.usedMem();
        this.usedCores = u.usedCores();
        this.migInUse = u.migInUse().isEmpty() ? new ArrayList<>(0) : new ArrayList<>(u.migInUse());
    }

    static WorkDevice[] copyOf(List<DeviceUsage> devices) {
        WorkDevice[] out = new WorkDevice[devices.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = new WorkDevice(devices.get(i));
        }
        return out;
    }

    boolean isNvidia() {
        return containsIgnoreCase(info.type(), "nvidia");
    }

    static boolean containsIgnoreCase(String haystack, String needle) {
        int max = haystack.length() - needle.length();
        for (int i = 0; i <= max; i++) {
            if (haystack.regionMatches(true, i, needle, 0, needle.length())) {
                return true;
            }
        }
        return false;
    }
}
