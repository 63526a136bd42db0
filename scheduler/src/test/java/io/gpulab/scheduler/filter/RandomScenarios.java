package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import io.gpulab.scheduler.model.PodInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Seeded random fleets and pods that exercise every branch of the filter (test data, not a test). */
public final class RandomScenarios {

    private static final String[] TYPES = {"NVIDIA", "NVIDIA-NVIDIA A100-SXM4-80GB", "NVIDIA L4", "NVIDIA-Tesla T4",
        "NVIDIA A10"};
    private static final String[] GPU_POLICIES = {"binpack", "spread", "mutex", "numa", "binpack,numa",
        "numa,spread", "spread,binpack", "pack", "binpack,mutex", "", "topology-aware", "topology-aware",
        "binpack,topology-aware"};

    private RandomScenarios() {
    }

    public static List<NodeInfo> fleet(Random r, int nodes) {
        List<NodeInfo> out = new ArrayList<>();
        for (int n = 0; n < nodes; n++) {
            int cards = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(6);
            List<DeviceUsage> devs = new ArrayList<>();
            for (int c = 0; c < cards; c++) {
                int mem = new int[] {24576, 40960, 81920, 15360}[r.nextInt(4)];
                int cores = r.nextInt(8) == 0 ? 200 : 100;
                int slots = 1 + r.nextInt(10);
                DeviceInfo info = new DeviceInfo("GPU-" + n + "-" + c, c, slots, mem, cores,
                        TYPES[r.nextInt(TYPES.length)], r.nextInt(2), r.nextInt(6) == 0 ? "mps" : "hami-core",
                        r.nextInt(12) != 0);
                int used = r.nextInt(slots + 1);
                int usedMem = used == 0 ? 0 : r.nextInt(mem + 1);
                int usedCores = used == 0 ? 0 : r.nextInt(4) == 0 ? cores : r.nextInt(cores + 1);
                devs.add(new DeviceUsage(info, used, usedMem, usedCores));
            }
            Map<String, String> ann = new HashMap<>();
            if (cards > 0 && r.nextInt(6) == 0) {
                ann.put("hami.io/device-cordon", " GPU-" + n + "-0 , GPU-x");
            }
            if (cards > 1 && r.nextBoolean()) {
                StringBuilder sb = new StringBuilder("[");
                for (int c = 0; c < cards; c++) {
                    sb.append(c == 0 ? "" : ",").append("{\"uuid\":\"GPU-").append(n).append('-').append(c)
                            .append("\",\"score\":{");
                    for (int o = 0; o < cards; o++) {
                        sb.append(o == 0 ? "" : ",").append("\"GPU-").append(n).append('-').append(o).append("\":")
                                .append(r.nextInt(100));
                    }
                    sb.append("}}");
                }
                ann.put("hami.io/node-nvidia-score", sb.append(']').toString());
            }
            out.add(new NodeInfo("n" + (char) ('a' + r.nextInt(26)) + n, ann, devs));
        }
        return out;
    }

    public static PodInfo pod(Random r, int i) {
        Map<String, String> a = new HashMap<>();
        if (r.nextInt(3) == 0) {
            a.put("hami.io/gpu-scheduler-policy", GPU_POLICIES[r.nextInt(GPU_POLICIES.length)]);
        }
        if (r.nextInt(4) == 0) {
            a.put("hami.io/node-scheduler-policy", r.nextBoolean() ? "spread" : "binpack");
        }
        if (r.nextInt(6) == 0) {
            a.put("nvidia.com/numa-bind", r.nextBoolean() ? "true" : "1");
        }
        if (r.nextInt(10) == 0) {
            a.put("nvidia.com/use-gputype", r.nextBoolean() ? "a100, L4" : "A10");
        }
        if (r.nextInt(12) == 0) {
            a.put("nvidia.com/nouse-gputype", "T4");
        }
        if (r.nextInt(12) == 0) {
            a.put("nvidia.com/use-gpuuuid", "GPU-1-0,GPU-2-1, GPU-3-0");
        }
        if (r.nextInt(12) == 0) {
            a.put("nvidia.com/nouse-gpuuuid", "GPU-0-0");
        }
        if (r.nextInt(15) == 0) {
            a.put("nvidia.com/vgpu-mode", "hami-core");
        }
        if (r.nextInt(8) == 0) {
            a.put("hami.io/device-scoring-weights", "slot=" + r.nextInt(3) + ",core=1,memory=" + r.nextInt(4));
        }
        List<ContainerResources> inits = new ArrayList<>();
        if (r.nextInt(5) == 0) {
            inits.add(container(r, "init"));
        }
        List<ContainerResources> apps = new ArrayList<>();
        int n = 1 + (r.nextInt(4) == 0 ? 1 + r.nextInt(2) : 0);
        for (int c = 0; c < n; c++) {
            apps.add(container(r, "c" + c));
        }
        return new PodInfo("ns", "p" + i, a, Map.of(), inits, apps);
    }

    private static ContainerResources container(Random r, String name) {
        Map<String, String> l = new HashMap<>();
        if (r.nextInt(8) != 0) {
            l.put("nvidia.com/gpu", Integer.toString(1 + (r.nextInt(4) == 0 ? r.nextInt(4) : 0)));
        }
        int m = r.nextInt(5);
        if (m == 0 || m == 4) {
            l.put("nvidia.com/gpumem", Integer.toString(r.nextInt(30000)));
        }
        if (m == 1 || m == 4) {
            l.put("nvidia.com/gpumem-percentage", Integer.toString(r.nextInt(120)));
        }
        if (r.nextInt(3) != 0) {
            l.put("nvidia.com/gpucores", Integer.toString(r.nextInt(8) == 0 ? 150 : r.nextInt(101)));
        }
        return new ContainerResources(name, l, Map.of());
    }
}
