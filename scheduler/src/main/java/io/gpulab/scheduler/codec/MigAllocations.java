package io.gpulab.scheduler.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gpulab.scheduler.model.MigPlacement;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * HAMi v2.10's {@code hami.io/vgpu-mig-allocations} pod annotation (pkg/device/nvidia mig_allocations.go): the
 * scheduler's reservation of one MIG instance per allocated MIG device, which its usage cache reads back to know
 * where a running pod's instances sit. The device plugin's runtime identity ({@code migUUID}, GI/CI ids) is kept
 * out of the lab but checked as HAMi checks it.
 */
public final class MigAllocations {

    public static final String ANNOTATION = "hami.io/vgpu-mig-allocations";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One reservation: the device {@code deviceIndex} of container {@code containerIndex} (HAMi's JSON names). */
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({"containerIndex", "deviceIndex", "gpuUUID", "profile", "placement"})
    public record Entry(int containerIndex, int deviceIndex,
                        @com.fasterxml.jackson.annotation.JsonProperty("gpuUUID") String gpuUuid, String profile,
                        MigPlacement placement) { }

    private MigAllocations() {
    }

    /** As HAMi's {@code EncodeMigAllocations} writes it (Go field order, runtime fields absent). */
    public static String encode(List<Entry> entries) {
        ArrayNode a = JSON.createArrayNode();
        for (Entry e : entries) {
            ObjectNode o = a.addObject();
            o.put("containerIndex", e.containerIndex());
            o.put("deviceIndex", e.deviceIndex());
            o.put("gpuUUID", e.gpuUuid());
            o.put("profile", e.profile());
            o.putObject("placement").put("start", e.placement().start()).put("size", e.placement().size());
        }
        return a.toString();
    }

    /**
     * HAMi's {@code DecodeMigAllocations}: the same refusals, with its texts.
     *
     * @throws IllegalArgumentException what HAMi's decoder returns as an error
     */
    public static List<Entry> decode(String raw) {
        if (raw.isEmpty()) {
            return List.of();
        }
        JsonNode root;
        try {
            root = JSON.readTree(raw);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(ANNOTATION + ": invalid JSON: " + e.getOriginalMessage());
        }
        if (root == null || root.isNull()) {
            return List.of();
        }
        if (!root.isArray()) {
            throw new IllegalArgumentException(ANNOTATION + ": json: cannot unmarshal " + root.getNodeType().name().toLowerCase()
                    + " into a list of MigAllocation");
        }
        List<Entry> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < root.size(); i++) {
            JsonNode o = root.get(i);
            int ci = o.path("containerIndex").asInt(0);
            int di = o.path("deviceIndex").asInt(0);
            String gpu = o.path("gpuUUID").asText("");
            String profile = o.path("profile").asText("");
            int start = o.path("placement").path("start").asInt(0);
            int size = o.path("placement").path("size").asInt(0);
            if (ci < 0 || di < 0 || gpu.isEmpty() || profile.isEmpty() || size == 0) {
                throw new IllegalArgumentException(ANNOTATION + ": MIG allocation " + i + " is incomplete");
            }
            int runtime = (o.path("migUUID").asText("").isEmpty() ? 0 : 1)
                    + (o.hasNonNull("gpuInstanceID") ? 1 : 0) + (o.hasNonNull("computeInstanceID") ? 1 : 0);
            if (runtime != 0 && runtime != 3) {
                throw new IllegalArgumentException(ANNOTATION + ": MIG allocation " + i + " has partial runtime identity");
            }
            if (!seen.add(ci + "/" + di)) {
                throw new IllegalArgumentException(ANNOTATION + ": duplicate MIG allocation for container " + ci + " device " + di);
            }
            out.add(new Entry(ci, di, gpu, profile, new MigPlacement(start, size)));
        }
        return out;
    }
}
