package io.gpulab.scheduler.bench;

import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.HamiResources;
import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.PodInfo;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded random HAMi pods: 1, 2 or 4 cards; absolute MB, a percentage, or the whole card; random or default
 * cores; a few with a type selector, a few with a second container or an init container.
 */
public final class PodGenerator {

    private static final int[] MEM = {1000, 2000, 4000, 8000, 10000, 16000, 20000};
    private static final int[] PCT = {10, 20, 25, 50};
    private static final int[] CORES = {0, 5, 10, 20, 30, 50};

    private PodGenerator() {
    }

    public static PodInfo pod(int i, Random rnd) {
        Map<String, String> ann = new HashMap<>();
        int sel = rnd.nextInt(100);
        if (sel < 3) {
            ann.put(HamiAnnotations.USE_GPU_TYPE, "A100");
        } else if (sel < 5) {
            ann.put(HamiAnnotations.NOUSE_GPU_TYPE, "T4");
        }
        int shape = rnd.nextInt(100);
        List<ContainerResources> inits = shape < 3 ? List.of(container("init", rnd)) : List.of();
        List<ContainerResources> apps = shape >= 3 && shape < 8
                ? List.of(container("main", rnd), container("side", rnd)) : List.of(container("main", rnd));
        return new PodInfo("bench", "pod-" + i, ann, Map.of(), inits, apps);
    }

    private static ContainerResources container(String name, Random rnd) {
        Map<String, String> limits = new HashMap<>();
        int n = rnd.nextInt(100);
        limits.put(HamiResources.GPU, n < 80 ? "1" : n < 95 ? "2" : "4");
        int m = rnd.nextInt(100);
        if (m < 60) {
            limits.put(HamiResources.GPU_MEM, Integer.toString(MEM[rnd.nextInt(MEM.length)]));
        } else if (m < 90) {
            limits.put(HamiResources.GPU_MEM_PERCENTAGE, Integer.toString(PCT[rnd.nextInt(PCT.length)]));
        }
        if (rnd.nextInt(100) < 85) {
            limits.put(HamiResources.GPU_CORES, Integer.toString(CORES[rnd.nextInt(CORES.length)]));
        }
        return new ContainerResources(name, limits, Map.of());
    }
}
