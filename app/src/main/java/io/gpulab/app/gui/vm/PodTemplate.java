package io.gpulab.app.gui.vm;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A pod the palette can drop: HAMi requests per GPU. {@code memPercent} is used instead of
 * {@code memMB} when it is above zero (HAMi's {@code gpumem-percentage}).
 *
 * @param id a stable key, carried on the drag board
 */
public record PodTemplate(String id, String label, int gpus, int memMB, int memPercent, int cores) {

    /** HAMi's uuid selector: a drop on a card pins the pod to that card. */
    public static final String UUID_ANNOTATION = "nvidia.com/use-gpuuuid";

    /** The palette: the article's pod, one that fits no card, a whole card, two GPUs. */
    public static List<PodTemplate> builtIns() {
        return List.of(
                new PodTemplate("article", "Article pod", 1, 20_000, 0, 30),
                new PodTemplate("big", "Oversized", 1, 90_000, 0, 10),
                new PodTemplate("whole", "Whole card", 1, 0, 100, 100),
                new PodTemplate("multi", "Multi-GPU", 2, 10_000, 0, 25));
    }

    /** {@code 20,000 MB · 30 %} (per GPU, with the GPU count when more than one). */
    public String requestLabel() {
        String mem = memPercent > 0 ? memPercent + " % mem" : Formats.mb(memMB) + " MB";
        String per = gpus > 1 ? gpus + " × " : "";
        return per + mem + " · " + cores + " %";
    }

    /** A Pod manifest as kubectl would apply it, optionally pinned to one card. */
    public Map<String, Object> manifest(String name, @Nullable String cardUuid) {
        Map<String, Object> limits = new LinkedHashMap<>();
        limits.put("nvidia.com/gpu", gpus);
        if (memPercent > 0) {
            limits.put("nvidia.com/gpumem-percentage", memPercent);
        } else if (memMB > 0) {
            limits.put("nvidia.com/gpumem", memMB);
        }
        limits.put("nvidia.com/gpucores", cores);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", name);
        metadata.put("namespace", "default");
        Map<String, Object> labels = new LinkedHashMap<>();
        labels.put("gpulab.io/template", id);
        metadata.put("labels", labels);
        if (cardUuid != null) {
            metadata.put("annotations", new LinkedHashMap<>(Map.of(UUID_ANNOTATION, cardUuid)));
        }
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "main");
        container.put("image", "busybox");
        container.put("command", List.of("sleep", "infinity"));
        container.put("resources", new LinkedHashMap<>(Map.of("limits", limits)));
        Map<String, Object> pod = new LinkedHashMap<>();
        pod.put("apiVersion", "v1");
        pod.put("kind", "Pod");
        pod.put("metadata", metadata);
        pod.put("spec", new LinkedHashMap<>(Map.of("containers", List.of(container))));
        return pod;
    }
}
