package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.codec.HamiAnnotations;
import io.gpulab.scheduler.codec.HamiResources;
import io.gpulab.scheduler.model.ContainerDeviceRequest;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** The pod's type, mode and UUID selectors and the node's cordon list, parsed once per pod and node. */
final class CardSelectors {

    private final @Nullable List<String> useTypes;
    private final List<String> noUseTypes;
    private final @Nullable String mode;
    private final @Nullable Set<String> useUuids;
    private final Set<String> noUseUuids;

    CardSelectors(Map<String, String> podAnnotations) {
        String use = podAnnotations.get(HamiAnnotations.USE_GPU_TYPE);
        this.useTypes = use == null || use.isBlank() ? null : tokens(use);
        String nouse = podAnnotations.get(HamiAnnotations.NOUSE_GPU_TYPE);
        this.noUseTypes = nouse == null ? List.of() : tokens(nouse);
        this.mode = podAnnotations.get(HamiAnnotations.VGPU_MODE);
        String uuid = podAnnotations.get(HamiAnnotations.USE_GPU_UUID);
        this.useUuids = uuid == null || uuid.isBlank() ? null : Set.copyOf(tokens(uuid));
        String nouuid = podAnnotations.get(HamiAnnotations.NOUSE_GPU_UUID);
        this.noUseUuids = nouuid == null ? Set.of() : Set.copyOf(tokens(nouuid));
    }

    /** Non-blank trimmed comma tokens. */
    static List<String> tokens(String v) {
        return Arrays.stream(v.split(",", -1)).map(String::strip).filter(t -> !t.isEmpty()).distinct()
                .collect(Collectors.toList());
    }

    static Set<String> cordoned(Map<String, String> nodeAnnotations) {
        String v = nodeAnnotations.get(HamiAnnotations.DEVICE_CORDON);
        return v == null ? Set.of() : Set.copyOf(tokens(v));
    }

    /** The use/nouse-gputype part of the type check for a card type string. */
    boolean typeAllowed(String type) {
        if (useTypes != null && !anyContained(type, useTypes)) {
            return false;
        }
        return noUseTypes.isEmpty() || !anyContained(type, noUseTypes);
    }

    boolean typeMatches(WorkDevice d, ContainerDeviceRequest k) {
        if (!HamiResources.NVIDIA_TYPE.equals(k.type())) {
            return false;
        }
        String type = d.info.type();
        if (useTypes != null && !anyContained(type, useTypes)) {
            return false;
        }
        if (!noUseTypes.isEmpty() && anyContained(type, noUseTypes)) {
            return false;
        }
        return mode == null || mode.contains(d.info.mode());
    }

    private static boolean anyContained(String type, List<String> tokens) {
        for (String t : tokens) {
            if (WorkDevice.containsIgnoreCase(type, t)) {
                return true;
            }
        }
        return false;
    }

    boolean uuidMatches(WorkDevice d) {
        if (useUuids != null && !useUuids.contains(d.info.id())) {
            return false;
        }
        return !noUseUuids.contains(d.info.id());
    }
}
