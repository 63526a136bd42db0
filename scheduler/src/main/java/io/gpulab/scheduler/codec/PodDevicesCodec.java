package io.gpulab.scheduler.codec;

import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.PodDevices;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code hami.io/vgpu-devices-allocated} and {@code hami.io/vgpu-devices-to-allocate}
 * ({@code EncodePodSingleDevice}): per container (init first) {@code <uuid>,<type>,<mem>,<cores>:} per card,
 * then {@code ;}. Example: {@code ;GPU-a,NVIDIA,1000,30:;} for a pod whose first container has no GPU.
 */
public final class PodDevicesCodec {

    /** HAMi's error for a device entry with fewer than four fields. */
    public static final String MISSING_FIELDS =
            "pod annotation format error, missing fields, do not use nodeName in task spec";

    private PodDevicesCodec() {
    }

    public static String encode(PodDevices devices) {
        StringBuilder sb = new StringBuilder();
        for (List<ContainerDevice> container : devices.containers()) {
            for (ContainerDevice d : container) {
                sb.append(d.uuid()).append(',').append(d.type()).append(',').append(d.usedMem()).append(',')
                        .append(d.usedCores()).append(':');
            }
            sb.append(';');
        }
        return sb.toString();
    }

    /**
     * Decodes as HAMi does: split on {@code ;} keeping empty entries, so the terminating {@code ;} yields one
     * extra empty container entry at the end (harmless: indexes stay aligned).
     */
    public static Decoded<PodDevices> decode(String value) {
        return decode(HamiAnnotations.DEVICES_ALLOCATED, value);
    }

    /** As {@link #decode(String)}, naming {@code annotation} in any error. */
    public static Decoded<PodDevices> decode(String annotation, String value) {
        List<List<ContainerDevice>> containers = new ArrayList<>();
        for (String entry : value.split(";", -1)) {
            List<ContainerDevice> devices = new ArrayList<>();
            for (String dev : entry.split(":", -1)) {
                if (dev.isEmpty()) {
                    continue;
                }
                String[] f = dev.split(",", -1);
                if (f.length < 4) {
                    return Decoded.fail(annotation, dev, MISSING_FIELDS);
                }
                Integer mem = GoStrconv.atoi(f[2]);
                Integer cores = GoStrconv.atoi(f[3]);
                if (mem == null) {
                    return Decoded.fail(annotation, f[2], "invalid usedmem field in \"" + dev + "\"");
                }
                if (cores == null) {
                    return Decoded.fail(annotation, f[3], "invalid usedcores field in \"" + dev + "\"");
                }
                devices.add(new ContainerDevice(f[0], f[1], mem, cores));
            }
            containers.add(devices);
        }
        return Decoded.ok(new PodDevices(containers));
    }

    /** Decodes and keeps exactly {@code containerCount} entries (pads with empty, drops the trailing extra). */
    public static Decoded<PodDevices> decode(String annotation, String value, int containerCount) {
        return decode(annotation, value).map(pd -> {
            List<List<ContainerDevice>> c = new ArrayList<>(pd.containers());
            while (c.size() < containerCount) {
                c.add(List.of());
            }
            return new PodDevices(c.subList(0, containerCount));
        });
    }
}
