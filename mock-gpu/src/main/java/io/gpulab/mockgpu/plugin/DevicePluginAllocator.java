package io.gpulab.mockgpu.plugin;

import io.gpulab.scheduler.codec.BindPhase;
import io.gpulab.scheduler.codec.Decoded;
import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.PodDevicesCodec;
import io.gpulab.scheduler.model.ContainerDevice;
import io.gpulab.scheduler.lock.NodeLock;
import io.gpulab.scheduler.model.PodDevices;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The plugin's {@code Allocate} (HAMi v2.10 pkg/device-plugin/nvidiadevice/nvinternal/plugin/server.go) for a pod HAMi has bound to this node.
 * {@link LifecycleMode#COMPLETE} serves every container, empties {@code vgpu-devices-to-allocate}, sets
 * {@code bind-phase: success} and releases the node lock it belongs to; {@link LifecycleMode#ARTICLE}
 * changes nothing, exactly like the article's mock plugin, so the lock stays until unlocked or expired.
 */
public final class DevicePluginAllocator {

    /** Release decisions do not depend on time; the clock is never read for them. */
    private static final NodeLock RELEASE_RULES = new NodeLock(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));

    private DevicePluginAllocator() {
    }

    /**
     * @param containerCount the pod's containers, init first (for index alignment)
     */
    public static Allocation allocate(LifecycleMode mode, String node, Map<String, String> nodeAnnotations,
                                      String namespace, String pod, Map<String, String> podAnnotations,
                                      int containerCount) {
        if (mode == LifecycleMode.ARTICLE) {
            return new Allocation(podAnnotations, nodeAnnotations, emptyEnv(containerCount), false, "");
        }
        Map<String, String> podOut = new LinkedHashMap<>(podAnnotations);
        Map<String, String> nodeOut = new LinkedHashMap<>(nodeAnnotations);
        String toAllocate = podAnnotations.get(HamiAnnotations.DEVICES_TO_ALLOCATE);
        if (toAllocate == null || !node.equals(podAnnotations.get(HamiAnnotations.VGPU_NODE))) {
            return failed(podOut, nodeOut, namespace, pod, containerCount, "no binding pod found on node " + node);
        }
        Decoded<PodDevices> decoded = PodDevicesCodec.decode(HamiAnnotations.DEVICES_TO_ALLOCATE, toAllocate,
                containerCount);
        if (!decoded.isOk()) {
            return failed(podOut, nodeOut, namespace, pod, containerCount, String.valueOf(decoded.error()));
        }
        List<Map<String, String>> env = new ArrayList<>();
        List<List<ContainerDevice>> emptied = new ArrayList<>();
        for (List<ContainerDevice> container : decoded.value().containers()) {
            env.add(env(container));
            emptied.add(List.of());
        }
        podOut.put(HamiAnnotations.DEVICES_TO_ALLOCATE, PodDevicesCodec.encode(new PodDevices(emptied)));
        podOut.put(HamiAnnotations.BIND_PHASE, BindPhase.SUCCESS.value());
        boolean released = release(nodeOut, namespace, pod);
        return new Allocation(podOut, nodeOut, env, released, "");
    }

    /** {@code ReleaseNodeLock} with the owner check (rules from scheduler/): another pod's lock stays. */
    static boolean release(Map<String, String> nodeAnnotations, String namespace, String pod) {
        String lock = nodeAnnotations.get(HamiAnnotations.MUTEX_LOCK);
        if (lock == null || !RELEASE_RULES.shouldRelease(lock, namespace, pod, false)) {
            return false;
        }
        nodeAnnotations.remove(HamiAnnotations.MUTEX_LOCK);
        return true;
    }

    private static Allocation failed(Map<String, String> podOut, Map<String, String> nodeOut, String namespace,
                                     String pod, int containerCount, String error) {
        podOut.put(HamiAnnotations.BIND_PHASE, BindPhase.FAILED.value());
        boolean released = release(nodeOut, namespace, pod);
        return new Allocation(podOut, nodeOut, emptyEnv(containerCount), released, error);
    }

    private static Map<String, String> env(List<ContainerDevice> devices) {
        Map<String, String> env = new LinkedHashMap<>();
        for (int i = 0; i < devices.size(); i++) {
            env.put("CUDA_DEVICE_MEMORY_LIMIT_" + i, devices.get(i).usedMem() + "m");
        }
        if (!devices.isEmpty()) {
            env.put("CUDA_DEVICE_SM_LIMIT", String.valueOf(devices.get(0).usedCores()));
        }
        return env;
    }

    private static List<Map<String, String>> emptyEnv(int n) {
        List<Map<String, String>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Map.of());
        }
        return out;
    }
}
