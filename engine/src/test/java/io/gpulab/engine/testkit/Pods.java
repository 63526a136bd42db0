package io.gpulab.engine.testkit;

import io.gpulab.engine.api.LabCommand;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Pod manifests as kubectl would apply them (parsed YAML trees). */
public final class Pods {

    private Pods() {
    }

    /** A busybox pod in {@code default} asking for one GPU share: {@code memMB} MB and {@code cores} %. */
    public static Map<String, Object> gpu(String name, int memMB, int cores) {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("nvidia.com/gpu", 1);
        limits.put("nvidia.com/gpumem", memMB);
        limits.put("nvidia.com/gpucores", cores);
        return withLimits(name, limits);
    }

    /** A busybox pod in {@code default} with these container limits. */
    public static Map<String, Object> withLimits(String name, Map<String, Object> limits) {
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "main");
        container.put("image", "busybox");
        container.put("command", List.of("sleep", "infinity"));
        container.put("resources", Map.of("limits", limits));
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put("apiVersion", "v1");
        pod.put("kind", "Pod");
        pod.put("metadata", Map.of("name", name, "namespace", "default"));
        pod.put("spec", Map.of("containers", List.of(container)));
        return pod;
    }

    /** The command that submits {@link #gpu} to a tenant. */
    public static LabCommand.SubmitPod submit(String tenant, String name, int memMB, int cores) {
        return new LabCommand.SubmitPod(tenant, gpu(name, memMB, cores));
    }
}
