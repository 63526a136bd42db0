package io.gpulab.scheduler.usage;

import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.NodeInfo;
import java.util.ArrayList;
import java.util.List;

/** Applies and releases pods' shares on a node's cards; unknown card UUIDs are ignored, as in HAMi. */
public final class UsageLedger {

    private UsageLedger() {
    }

    /** The node with the shares booked: {@code usedSlots += max(slots,1)}, {@code usedMem += mem}, cores likewise. */
    public static NodeInfo apply(NodeInfo node, List<DeviceShare> shares) {
        return new NodeInfo(node.name(), node.annotations(), apply(node.devices(), shares, 1));
    }

    /** The node with the shares returned (never below zero). */
    public static NodeInfo release(NodeInfo node, List<DeviceShare> shares) {
        return new NodeInfo(node.name(), node.annotations(), apply(node.devices(), shares, -1));
    }

    /** The cards with the shares booked ({@code sign = 1}) or returned ({@code sign = -1}). */
    public static List<DeviceUsage> apply(List<DeviceUsage> devices, List<DeviceShare> shares, int sign) {
        List<DeviceUsage> out = new ArrayList<>(devices);
        for (DeviceShare s : shares) {
            for (int i = 0; i < out.size(); i++) {
                DeviceUsage d = out.get(i);
                if (d.id().equals(s.uuid())) {
                    int slots = Math.max(s.slots(), 1);
                    out.set(i, sign > 0 ? d.plus(slots, s.mem(), s.cores()) : d.minus(slots, s.mem(), s.cores()));
                }
            }
        }
        return out;
    }
}
