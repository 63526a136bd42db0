package io.gpulab.engine.cluster;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.gpulab.engine.api.PodView;
import io.gpulab.engine.api.PodView.DeviceAllocation;
import io.gpulab.scheduler.codec.BindPhase;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.HamiResources;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.model.PodDevices;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tenant pod as the snapshot shows it: HAMi's pod annotations decoded with scheduler/'s codecs.
 * Content that does not decode becomes a warning on the pod, naming the annotation and HAMi's error.
 */
final class PodDecoder {

    private static final String GPU = "nvidia.com/gpu";

    private PodDecoder() {
    }

    /** The cards of a pod, one list per container in HAMi's index order, or a warning. */
    static Decoded<PodDevices> allocated(Pod pod) {
        Map<String, String> ann = annotations(pod);
        String value = ann.get(HamiAnnotations.DEVICES_ALLOCATED);
        if (value == null) {
            return Decoded.ok(PodDevices.empty());
        }
        return PodDevicesCodec.decode(HamiAnnotations.DEVICES_ALLOCATED, value, containers(pod).size());
    }

    static PodView view(Pod pod, Map<String, String> failedNodes, String filterMessage) {
        Map<String, String> ann = annotations(pod);
        List<String> warnings = new ArrayList<>();
        Decoded<PodDevices> alloc = allocated(pod);
        PodDevices devices = alloc.orElse(PodDevices.empty());
        if (!alloc.isOk()) {
            warnings.add(String.valueOf(alloc.error()));
        }
        String toAllocate = ann.get(HamiAnnotations.DEVICES_TO_ALLOCATE);
        if (toAllocate != null) {
            Decoded<PodDevices> d = PodDevicesCodec.decode(HamiAnnotations.DEVICES_TO_ALLOCATE, toAllocate);
            if (!d.isOk()) {
                warnings.add(String.valueOf(d.error()));
            }
        }
        String phaseAnn = ann.get(HamiAnnotations.BIND_PHASE);
        if (phaseAnn != null) {
            Decoded<BindPhase> bp = BindPhase.decode(phaseAnn);
            if (!bp.isOk()) {
                warnings.add(String.valueOf(bp.error()));
            }
        }
        warnings.addAll(NodeDecoder.unknownHamiKeys(ann));
        List<DeviceAllocation> allocations = new ArrayList<>();
        List<Container> cs = containers(pod);
        for (int i = 0; i < devices.containers().size(); i++) {
            String cname = i < cs.size() ? cs.get(i).getName() : "#" + i;
            for (ContainerDevice d : devices.containers().get(i)) {
                allocations.add(new DeviceAllocation(d.uuid(), cname, d.usedMem(), d.usedCores()));
            }
        }
        String phase = pod.getStatus() == null || pod.getStatus().getPhase() == null
                ? "Pending" : pod.getStatus().getPhase();
        String node = Optional.ofNullable(pod.getSpec().getNodeName()).orElse("");
        String scheduler = Optional.ofNullable(pod.getSpec().getSchedulerName()).orElse("default-scheduler");
        String reason = "";
        String message = "";
        if ("Pending".equals(phase)) {
            var cond = pod.getStatus() == null || pod.getStatus().getConditions() == null ? null
                    : pod.getStatus().getConditions().stream()
                    .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus())).findFirst()
                    .orElse(null);
            reason = failedNodes.isEmpty() ? (cond == null ? "" : String.valueOf(cond.getReason()))
                    : failedNodes.values().iterator().next().replaceAll("^\\d+/\\d+ ", "");
            // kube-scheduler's summary (what `kubectl describe` shows, and what the sim shows) before
            // HAMi's last FilteringFailed event, which is only its "no available node" tail
            message = cond != null && cond.getMessage() != null ? cond.getMessage() : filterMessage;
            if (phaseAnn != null && BindPhase.ALLOCATING.value().equals(phaseAnn)) {
                reason = "Allocating";
            }
        }
        io.gpulab.engine.api.StatusCondition ready = ObjectConditions.ready(pod, warnings);
        return new PodView(str(pod.getMetadata().getNamespace()), pod.getMetadata().getName(), phase, node,
                scheduler, reason, message, failedNodes, allocations, new java.util.TreeMap<>(ann),
                alloc.isOk() && devices.hasAnyDevice(),
                warnings, gpuSlots(pod), ready);
    }

    /** {@code nvidia.com/gpu} of the app containers (limits, else requests), as kube-scheduler counts it. */
    static long gpuSlots(Pod pod) {
        long sum = 0;
        for (Container c : pod.getSpec().getContainers()) {
            if (c.getResources() == null) {
                continue;
            }
            var q = c.getResources().getLimits() != null && c.getResources().getLimits().containsKey(GPU)
                    ? c.getResources().getLimits().get(GPU)
                    : c.getResources().getRequests() == null ? null : c.getResources().getRequests().get(GPU);
            if (q != null) {
                sum += io.gpulab.scheduler.request.Quantity.asInt64(q.toString()).orElse(0);
            }
        }
        return sum;
    }

    /** Init containers first, then app containers: HAMi's container index order. */
    static List<Container> containers(Pod pod) {
        List<Container> all = new ArrayList<>();
        if (pod.getSpec().getInitContainers() != null) {
            all.addAll(pod.getSpec().getInitContainers());
        }
        all.addAll(pod.getSpec().getContainers());
        return all;
    }

    static int initCount(Pod pod) {
        return pod.getSpec().getInitContainers() == null ? 0 : pod.getSpec().getInitContainers().size();
    }

    /** Whether any container asks for a HAMi GPU resource. */
    static boolean wantsGpu(Pod pod) {
        return containers(pod).stream().anyMatch(c -> c.getResources() != null && (
                has(c.getResources().getLimits(), HamiResources.GPU)
                        || has(c.getResources().getRequests(), HamiResources.GPU)
                        || has(c.getResources().getLimits(), HamiResources.GPU_MEM)
                        || has(c.getResources().getLimits(), HamiResources.GPU_CORES)));
    }

    private static boolean has(Map<String, ?> m, String key) {
        return m != null && m.containsKey(key);
    }

    static Map<String, String> annotations(Pod pod) {
        Map<String, String> a = pod.getMetadata().getAnnotations();
        return a == null ? Map.of() : a;
    }

    static String str(@org.jspecify.annotations.Nullable Object o) {
        return o == null ? "" : o.toString();
    }
}
