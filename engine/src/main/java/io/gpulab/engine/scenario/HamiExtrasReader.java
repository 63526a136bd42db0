package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.scheduler.model.ResourceNames;

/**
 * The HAMi settings beyond the device plugin's ({@code lab.hami}): {@code memoryFactor}, the resource names
 * ({@code resourceName}, {@code resourceMem}, {@code resourceMemPercentage}, {@code resourceCores},
 * {@code resourcePriority}, as the chart's values name them) and the webhook's {@code schedulerName} and
 * {@code forceOverwriteDefaultScheduler}.
 */
final class HamiExtrasReader {

    private HamiExtrasReader() {
    }

    static HamiSettings read(ScenarioNode h, HamiSettings base) {
        int factor = h.has("memoryFactor") ? h.get("memoryFactor").integer(1) : base.memoryFactor();
        ResourceNames d = base.resourceNames();
        String gpu = text(h, "resourceName", d.gpu());
        String mem = text(h, "resourceMem", d.memory());
        String pct = text(h, "resourceMemPercentage", d.memPercentage());
        String cores = text(h, "resourceCores", d.cores());
        String prio = text(h, "resourcePriority", d.priority());
        ResourceNames names;
        try {
            names = new ResourceNames(gpu, mem, pct, cores, prio);
        } catch (IllegalArgumentException e) {
            throw h.error(String.valueOf(e.getMessage()));
        }
        String scheduler = h.has("schedulerName") ? h.get("schedulerName").scalar() : base.schedulerName();
        boolean force = h.has("forceOverwriteDefaultScheduler") ? h.get("forceOverwriteDefaultScheduler").bool()
                : base.forceOverwriteDefaultScheduler();
        return base.with(factor, names, scheduler, force);
    }

    private static String text(ScenarioNode h, String key, String dflt) {
        return h.has(key) ? h.get(key).text() : dflt;
    }
}
