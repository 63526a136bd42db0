package io.gpulab.scheduler.usage;

import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.PodDevices;
import java.util.ArrayList;
import java.util.List;

/**
 * A pod's per-card share from its per-container allocation. Init containers run one at a time before the app
 * containers, so per card: {@code mem = max(max over init, sum over app)}, cores likewise, and
 * {@code slots = max(1, number of app containers using the card)}.
 */
public final class PodUsage {

    private PodUsage() {
    }

    /** {@code CollapseInitContainerUsage}; entries beyond the pod's containers (the trailing ';') count as app. */
    public static List<DeviceShare> collapse(PodDevices devices, int initContainerCount) {
        // a pod touches few cards: parallel lists with a linear search beat a hash map here
        List<String> uuids = new ArrayList<>(4);
        List<int[]> acc = new ArrayList<>(4);
        List<List<ContainerDevice>> cs = devices.containers();
        for (int i = 0; i < cs.size(); i++) {
            boolean init = i < initContainerCount;
            for (ContainerDevice d : cs.get(i)) {
                int at = uuids.indexOf(d.uuid());
                if (at < 0) {
                    uuids.add(d.uuid());
                    // [initMem, initCores, appMem, appCores, appCount]
                    acc.add(new int[5]);
                    at = uuids.size() - 1;
                }
                int[] a = acc.get(at);
                if (init) {
                    a[0] = Math.max(a[0], d.usedMem());
                    a[1] = Math.max(a[1], d.usedCores());
                } else {
                    a[2] += d.usedMem();
                    a[3] += d.usedCores();
                    a[4]++;
                }
            }
        }
        List<DeviceShare> out = new ArrayList<>(uuids.size());
        for (int i = 0; i < uuids.size(); i++) {
            int[] a = acc.get(i);
            out.add(new DeviceShare(uuids.get(i), Math.max(1, a[4]), Math.max(a[0], a[2]), Math.max(a[1], a[3])));
        }
        return out;
    }

    /** {@code AppContainersOnlyDeviceUsage}: once every init container exited 0, only app containers count. */
    public static List<DeviceShare> appOnly(PodDevices devices, int initContainerCount) {
        List<List<ContainerDevice>> cs = devices.containers();
        List<List<ContainerDevice>> apps = cs.subList(Math.min(initContainerCount, cs.size()), cs.size());
        List<DeviceShare> shares = collapse(new PodDevices(apps), 0);
        return shares.stream().filter(s -> apps.stream().anyMatch(c -> c.stream()
                .anyMatch(d -> d.uuid().equals(s.uuid())))).toList();
    }

    /** Total MB and core units of the shares: {@code [mem, cores]} (a 2-card container counts twice). */
    public static long[] totals(List<DeviceShare> shares) {
        long mem = 0;
        long cores = 0;
        for (DeviceShare s : shares) {
            mem += s.mem();
            cores += s.cores();
        }
        return new long[] {mem, cores};
    }
}
