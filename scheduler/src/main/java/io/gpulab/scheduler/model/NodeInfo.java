package io.gpulab.scheduler.model;

import java.util.List;
import java.util.Map;

/**
 * A node as HAMi's filter sees it: its name, its annotations (for {@code hami.io/device-cordon}) and
 * its registered cards with current usage, in registration order.
 */
public record NodeInfo(String name, Map<String, String> annotations, List<DeviceUsage> devices) {

    public NodeInfo {
        annotations = Map.copyOf(annotations);
        devices = List.copyOf(devices);
    }
}
