package io.gpulab.scheduler;

import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small builders for cards, nodes and pods used across the scheduler tests. */
public final class Fixtures {

    public static final SchedulerConfig CFG = SchedulerConfig.DEFAULTS;
    /** The article's card: A100 80 GB = 81,920 MB, 100 core units, 10 slots. */
    public static final String A100 = "NVIDIA-NVIDIA A100-SXM4-80GB";

    private Fixtures() {
    }

    public static DeviceInfo card(String id, int index, int mem, int cores, int slots, String type, int numa) {
        return new DeviceInfo(id, index, slots, mem, cores, type, numa, DeviceInfo.DEFAULT_MODE, true);
    }

    public static DeviceUsage a100(String id) {
        return DeviceUsage.idle(card(id, 0, 81920, 100, 10, A100, 0));
    }

    public static DeviceUsage used(DeviceInfo info, int slots, int mem, int cores) {
        return new DeviceUsage(info, slots, mem, cores);
    }

    public static NodeInfo node(String name, DeviceUsage... cards) {
        return new NodeInfo(name, Map.of(), List.of(cards));
    }

    public static NodeInfo node(String name, Map<String, String> annotations, DeviceUsage... cards) {
        return new NodeInfo(name, annotations, List.of(cards));
    }

    /** A container limiting the given resources, as alternating name/value pairs. */
    public static ContainerResources limits(String name, String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return new ContainerResources(name, m, Map.of());
    }

    public static PodInfo pod(String name, ContainerResources... containers) {
        return new PodInfo("default", name, Map.of(), Map.of(), List.of(), List.of(containers));
    }

    public static PodInfo pod(String name, Map<String, String> annotations, ContainerResources... containers) {
        return new PodInfo("default", name, annotations, Map.of(), List.of(), List.of(containers));
    }

    public static PodInfo podWithInit(String name, List<ContainerResources> inits, List<ContainerResources> apps) {
        return new PodInfo("default", name, Map.of(), Map.of(), inits, apps);
    }

    /** {@code nvidia.com/gpu: n, gpumem: mem, gpucores: cores}. */
    public static ContainerResources gpu(int n, int mem, int cores) {
        return limits("main", "nvidia.com/gpu", Integer.toString(n), "nvidia.com/gpumem", Integer.toString(mem),
                "nvidia.com/gpucores", Integer.toString(cores));
    }

    public static <T> List<T> listOf(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
