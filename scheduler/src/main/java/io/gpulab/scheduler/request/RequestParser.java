package io.gpulab.scheduler.request;

import io.gpulab.scheduler.codec.HamiResources;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import io.gpulab.scheduler.model.ContainerResources;
import io.gpulab.scheduler.model.PodInfo;
import io.gpulab.scheduler.model.SchedulerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * HAMi's {@code GenerateResourceRequests} (HAMi v2.10 pkg/device/nvidia/device.go): a container's limits (falling back to
 * requests) resolved with the chart defaults. A container HAMi cannot read (no {@code nvidia.com/gpu}, a
 * non-integer count, or memory outside {@code 0..MaxInt32/factor}) gets {@link ContainerDeviceRequest#none()}.
 */
public final class RequestParser {

    private RequestParser() {
    }

    /** One container's request. */
    public static ContainerDeviceRequest parse(ContainerResources c, SchedulerConfig cfg) {
        String gpu = value(c, cfg.resourceNames().gpu());
        if (gpu == null) {
            return ContainerDeviceRequest.none();
        }
        OptionalLong nums = Quantity.asInt64(gpu);
        if (nums.isEmpty()) {
            return ContainerDeviceRequest.none();
        }
        int factor = Math.max(cfg.memoryFactor(), 1);
        long mem = 0;
        String memText = value(c, cfg.resourceNames().memory());
        if (memText != null) {
            OptionalLong m = Quantity.asInt64(memText);
            if (m.isEmpty() || m.getAsLong() < 0 || m.getAsLong() > Integer.MAX_VALUE / factor) {
                return ContainerDeviceRequest.none();
            }
            mem = m.getAsLong() * factor;
        }
        int pct = ContainerDeviceRequest.PERCENT_UNSET;
        String pctText = value(c, cfg.resourceNames().memPercentage());
        if (pctText != null) {
            OptionalLong p = Quantity.asInt64(pctText);
            if (p.isPresent() && p.getAsLong() > 100) {
                pct = 100;
            } else if (p.isPresent() && p.getAsLong() > 0) {
                pct = (int) p.getAsLong();
            }
        }
        if (pct == ContainerDeviceRequest.PERCENT_UNSET && mem == 0) {
            if (cfg.defaultMem() != 0) {
                mem = cfg.defaultMem();
            } else {
                pct = 100;
            }
        }
        int cores = cfg.defaultCores();
        String coresText = value(c, cfg.resourceNames().cores());
        if (coresText != null) {
            OptionalLong k = Quantity.asInt64(coresText);
            if (k.isPresent()) {
                cores = (int) k.getAsLong();
            }
        }
        return new ContainerDeviceRequest((int) nums.getAsLong(), HamiResources.NVIDIA_TYPE, (int) mem, pct, cores);
    }

    /** Every container's request in HAMi's index order: init containers first, then app containers. */
    public static List<ContainerDeviceRequest> parse(PodInfo pod, SchedulerConfig cfg) {
        List<ContainerDeviceRequest> out = new ArrayList<>();
        for (ContainerResources c : pod.initContainers()) {
            out.add(parse(c, cfg));
        }
        for (ContainerResources c : pod.containers()) {
            out.add(parse(c, cfg));
        }
        return out;
    }

    /** Whether any container of the pod asks HAMi for a card (HAMi passes other pods through unfiltered). */
    public static boolean requestsAnyDevice(List<ContainerDeviceRequest> requests) {
        for (ContainerDeviceRequest r : requests) {
            if (!r.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    static @Nullable String value(ContainerResources c, String resource) {
        String v = c.limits().get(resource);
        return v != null ? v : c.requests().get(resource);
    }
}
