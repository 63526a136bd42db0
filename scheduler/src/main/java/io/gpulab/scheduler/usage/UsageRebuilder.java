package io.gpulab.scheduler.usage;

import io.gpulab.scheduler.codec.AnnotationError;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.model.DeviceInfo;
import io.gpulab.scheduler.model.DeviceUsage;
import io.gpulab.scheduler.model.PodDevices;
import java.util.ArrayList;
import java.util.List;

/**
 * Rebuilds a node's card usage the way HAMi does after a restart: start every registered card idle, then add
 * the collapsed share of every non-terminal pod assigned to the node. Undecodable annotations are reported,
 * not thrown, and that pod is skipped.
 */
public final class UsageRebuilder {

    /** The rebuilt cards and the annotations that could not be decoded. */
    public record Result(List<DeviceUsage> devices, List<AnnotationError> errors) {

        public Result {
            devices = List.copyOf(devices);
            errors = List.copyOf(errors);
        }
    }

    private UsageRebuilder() {
    }

    public static Result rebuild(String nodeName, List<DeviceInfo> registered, List<PodAllocation> pods) {
        List<DeviceUsage> devices = new ArrayList<>(registered.stream().map(DeviceUsage::idle).toList());
        List<AnnotationError> errors = new ArrayList<>();
        for (PodAllocation p : pods) {
            if (p.terminal() || !p.node().equals(nodeName)) {
                continue;
            }
            Decoded<PodDevices> d = PodDevicesCodec.decode(HamiAnnotations.DEVICES_ALLOCATED, p.allocated());
            if (!d.isOk()) {
                AnnotationError e = d.error();
                errors.add(new AnnotationError(e.annotation(), e.offendingPart(), p.podKey() + ": " + e.message()));
                continue;
            }
            List<DeviceShare> shares = p.initDone() ? PodUsage.appOnly(d.value(), p.initContainerCount())
                    : PodUsage.collapse(d.value(), p.initContainerCount());
            devices = UsageLedger.apply(devices, shares, 1);
        }
        return new Result(devices, errors);
    }
}
