package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.engine.lab.NodeConfigSpec;
import io.gpulab.scheduler.model.ResourceNames;

import java.util.ArrayList;
import java.util.List;

/**
 * The HAMi settings beyond the device plugin's ({@code lab.hami}): {@code memoryFactor}, the resource names
 * ({@code resourceName}, {@code resourceMem}, {@code resourceMemPercentage}, {@code resourceCores},
 * {@code resourcePriority}, as the chart's values name them) and the webhook's {@code schedulerName},
 * {@code forceOverwriteDefaultScheduler}, {@code gpuCorePolicy} and {@code overwriteEnv}.
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
        // any string, as HAMi's device config takes it: only "" and "default" add no env
        String corePolicy = h.has("gpuCorePolicy") ? h.get("gpuCorePolicy").scalar() : base.gpuCorePolicy();
        boolean overwriteEnv = h.has("overwriteEnv") ? h.get("overwriteEnv").bool() : base.overwriteEnv();
        HamiSettings out = base.with(factor, names, scheduler, force).withContainerEnv(corePolicy, overwriteEnv);
        return h.has("nodeConfig") ? out.withNodeConfigs(nodeConfigs(h.get("nodeConfig"))) : out;
    }

    /** {@code nodeConfig}: the device plugin's per-node {@code nodeconfig[]} entries. */
    private static List<NodeConfigSpec> nodeConfigs(ScenarioNode list) {
        List<NodeConfigSpec> out = new ArrayList<>();
        for (ScenarioNode n : list.list()) {
            n.object("name", "deviceSplitCount", "deviceMemoryScaling", "deviceCoreScaling", "operatingMode",
                    "filterDevices");
            List<String> uuids = new ArrayList<>();
            List<Integer> indexes = new ArrayList<>();
            if (n.has("filterDevices")) {
                ScenarioNode f = n.get("filterDevices").object("uuid", "index");
                if (f.has("uuid")) {
                    uuids.addAll(f.get("uuid").texts());
                }
                if (f.has("index")) {
                    f.get("index").list().forEach(i -> indexes.add(i.integer(0)));
                }
            }
            try {
                out.add(new NodeConfigSpec(n.get("name").text(),
                        n.has("deviceSplitCount") ? n.get("deviceSplitCount").integer(1) : null,
                        n.has("deviceMemoryScaling") ? n.get("deviceMemoryScaling").number() : null,
                        n.has("deviceCoreScaling") ? n.get("deviceCoreScaling").number() : null,
                        n.has("operatingMode") ? n.get("operatingMode").text() : null, uuids, indexes));
            } catch (IllegalArgumentException e) {
                throw n.error(String.valueOf(e.getMessage()));
            }
        }
        return out;
    }

    /** A resource name: {@code ""} is allowed (HAMi then reads no such resource, as the chart's {@code resourceMem: ""}). */
    private static String text(ScenarioNode h, String key, String dflt) {
        return h.has(key) ? h.get(key).scalar() : dflt;
    }
}
