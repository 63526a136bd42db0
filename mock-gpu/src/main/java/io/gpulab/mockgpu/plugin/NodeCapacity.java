package io.gpulab.mockgpu.plugin;

import io.gpulab.scheduler.model.DeviceInfo;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The extended resources a node advertises for its cards: {@code nvidia.com/gpu} = sharing slots (what
 * the lab patches into node status, 10 per card by default) and, like the mock device plugin,
 * {@code gpumem} = sum of devmem, {@code gpucores} = sum of devcore, {@code gpumem-percentage} = 100 per
 * card. Unhealthy cards are not allocatable and are left out, so a health fault shrinks capacity.
 */
public final class NodeCapacity {

    public static final String GPU = "nvidia.com/gpu";
    public static final String GPUMEM = "nvidia.com/gpumem";
    public static final String GPUCORES = "nvidia.com/gpucores";
    public static final String GPUMEM_PERCENTAGE = "nvidia.com/gpumem-percentage";

    private NodeCapacity() {
    }

    /** Resource name to integer amount, in the order above. */
    public static Map<String, Long> of(List<DeviceInfo> devices) {
        long slots = 0;
        long mem = 0;
        long cores = 0;
        long cards = 0;
        for (DeviceInfo d : devices) {
            if (d.health()) {
                slots += d.count();
                mem += d.devMem();
                cores += d.devCore();
                cards++;
            }
        }
        Map<String, Long> out = new LinkedHashMap<>();
        out.put(GPU, slots);
        out.put(GPUMEM, mem);
        out.put(GPUCORES, cores);
        out.put(GPUMEM_PERCENTAGE, 100 * cards);
        return out;
    }
}
